import { useState } from 'react';
import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { translate } from '../../i18n/keys';
import type { ColumnSpec } from './types';

// v2: the columns declared `detail` start hidden (issue 25 §3); a choice kept under the first key
// hid nothing of them and would bring every column back.
const storageKey = (entity: string) => `vitrine.columns.v2.${entity}`;

/** The columns hidden until the user chooses: those read in the row's details. */
export const defaultHidden = <Row,>(columns: ColumnSpec<Row>[]): string[] =>
  columns.filter((c) => c.detail).map((c) => c.key);

function readHidden(entity: string, defaults: string[]): string[] {
  try {
    const raw = localStorage.getItem(storageKey(entity));
    if (raw === null) return defaults;
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : defaults;
  } catch {
    return defaults;
  }
}

/** The columns hidden for one entity (the user's choice, kept in this browser, or the defaults). */
export function useHiddenColumns<Row>(entity: string, columns: ColumnSpec<Row>[]) {
  const defaults = defaultHidden(columns);
  const [hidden, setHidden] = useState<string[]>(() => readHidden(entity, defaults));
  const update = (next: string[] | null) => {
    setHidden(next ?? defaults);
    if (next === null) localStorage.removeItem(storageKey(entity));
    else localStorage.setItem(storageKey(entity), JSON.stringify(next));
  };
  return [hidden, update] as const;
}

/** A gear that shows or hides the entity's declared columns (the first table column always stays). */
export function ColumnSettings<Row>({
  columns,
  hidden,
  onChange,
}: {
  columns: ColumnSpec<Row>[];
  hidden: string[];
  onChange: (hidden: string[] | null) => void;
}) {
  const { t } = useTranslation('lifecycle');
  const first = columns.find((c) => !c.detail)?.key;
  const content = (
    <Space direction="vertical" size={4} data-testid="column-settings">
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!hidden.includes(c.key)}
          disabled={c.key === first}
          data-testid={`column-toggle-${c.key}`}
          onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
        >
          {translate(t, c.title)}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => onChange(null)}>
        {t('columns.reset')}
      </Button>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" title={t('columns.title')} placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={t('columns.title')} data-testid="column-settings-button" />
    </Popover>
  );
}
