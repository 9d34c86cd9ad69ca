import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { keys } from '../../api/keys';
import { ImportDialog } from '../../components/ImportDialog/ImportDialog';

/** Products from a CSV or XLSX file: the template, a preview with each row's action and errors, then the import (as drafts). */
export function CommodityImport() {
  const { t } = useTranslation('advert');
  const client = useQueryClient();
  return (
    <ImportDialog
      def={api.commodity.import}
      ns="advert"
      testId="commodity-import"
      template={{ path: api.commodity.importTemplate.path, file: 'vitrine-products-template.xlsx' }}
      columns={[
        { title: t('field.code'), dataIndex: 'code', key: 'code', width: 120 },
        { title: t('field.name'), dataIndex: 'name', key: 'name', ellipsis: true },
      ]}
      onDone={() => client.invalidateQueries({ queryKey: keys.lifecycle.all('commodity') })}
    />
  );
}
