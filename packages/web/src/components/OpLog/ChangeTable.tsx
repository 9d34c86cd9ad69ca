import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldChanges } from './changes';

/** One log entry's before/after as a field-by-field table in the reader's language. */
export function ChangeTable({ entity, summary }: { entity: string; summary: unknown }) {
  const { t } = useTranslation('oplog');
  const rows = fieldChanges(entity, summary, t);
  if (!rows.length) return <Typography.Text type="secondary">{t('changes.none')}</Typography.Text>;
  return (
    <table data-testid="op-changes" style={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}>
      <thead>
        <tr>
          {(['field', 'before', 'after'] as const).map((k) => (
            <th
              key={k}
              style={{ textAlign: 'left', fontWeight: 500, padding: '4px 8px', width: k === 'field' ? '28%' : '36%' }}
            >
              {t(`changes.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} data-field={r.field}>
            <td style={{ padding: '4px 8px', verticalAlign: 'top' }}>{r.label}</td>
            <td style={{ padding: '4px 8px', verticalAlign: 'top', overflowWrap: 'anywhere' }}>{r.before}</td>
            <td style={{ padding: '4px 8px', verticalAlign: 'top', overflowWrap: 'anywhere' }}>{r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
