import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { keys } from '../../api/keys';
import { ImportDialog } from '../../components/ImportDialog/ImportDialog';

const COLUMNS = ['lineId', 'time', 'shopCode', 'productCode', 'employeeCode', 'quantity', 'amount'] as const;

/** Sales lines from a CSV or XLSX file (sale/import): the template, a preview of each row, then the import; the figures refresh. */
export function SalesImport() {
  const { t } = useTranslation('data');
  const client = useQueryClient();
  return (
    <ImportDialog
      def={api.sale.import}
      ns="data"
      testId="sales-import"
      template={{ path: api.sale.importTemplate.path, file: 'vitrine-sales-template.xlsx' }}
      columns={COLUMNS.map((c) => ({
        title: t(`import.col.${c}`),
        dataIndex: c,
        key: c,
        ellipsis: true,
        align: c === 'quantity' || c === 'amount' ? ('right' as const) : undefined,
      }))}
      onDone={() => client.invalidateQueries({ queryKey: keys.stats.all })}
    />
  );
}
