import { useState } from 'react';
import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from './types';

const storageKey = (entity: string) => `vitrine.columns.${entity}`;

function readHidden(entity: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(storageKey(entity)) ?? '[]');
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** The columns a user chose to hide for one entity, kept in this browser. */
export function useHiddenColumns(entity: string) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(entity));
  const update = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey(entity), JSON.stringify(next));
  };
  return [hidden, update] as const;
}

/** A gear that shows or hides the entity's declared columns (the first one always stays). */
export function ColumnSettings<Row>({ columns, hidden, onChange }: { columns: ColumnSpec<Row>[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const { t } = useTranslation('lifecycle');
  const content = (
    <Space direction="vertical" size={4} data-testid="column-settings">
      {columns.map((c, i) => (
        <Checkbox
          key={c.key} checked={!hidden.includes(c.key)} disabled={i === 0} data-testid={`column-toggle-${c.key}`}
          onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
        >
          {t(c.title)}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => onChange([])}>{t('columns.reset')}</Button>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" title={t('columns.title')} placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={t('columns.title')} data-testid="column-settings-button" />
    </Popover>
  );
}
