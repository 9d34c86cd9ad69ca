import { useEffect, useState } from 'react';
import { Button, Collapse, DatePicker, Input, Space, Typography } from 'antd';
import { FilterOutlined, ShopOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_SHORTCUT_DAYS } from '@vitrine/contract';
import { TreeDialog } from '../TreeDialog';
import { isEmptyRange, rangeIds } from '../TreeDialog/ranges';
import { lastDays, type FilterGroup, type FilterObject } from './filterUrl';
import { CHOICE_KEY, ChoiceField, choiceOptions, type ChoiceGroup, type Option } from './groups';
import { useUrlFilter } from './useUrlFilter';
import type { KeysUnder } from '../../i18n/keys';

export type FilterSidebarProps = {
  /** The groups this page supplies, in display order; the keyword is always there. */
  groups: FilterGroup[];
  /** Options of the status group (statuses differ per list). */
  statusOptions?: Option[];
  /** Shop scope picks shops or devices. */
  scopeMode?: 'shops' | 'devices';
  /** Called after the filter is applied to the URL. */
  onApply?: (filter: FilterObject) => void;
};

const SHORTCUT_KEYS = { 7: 'lastWeek', 30: 'lastMonth', 90: 'lastThreeMonths' } as const satisfies Record<
  (typeof TIME_SHORTCUT_DAYS)[number],
  KeysUnder<'filter', 'time'>
>;

/** Spec §2 reusable filter sidebar; the applied filter lives in the URL (`useUrlFilter`). */
export function FilterSidebar({ groups, statusOptions, scopeMode = 'shops', onApply }: FilterSidebarProps) {
  const { t } = useTranslation(['filter', 'store', 'device']);
  const { filter, setFilter } = useUrlFilter();
  const [draft, setDraft] = useState<FilterObject>(filter);
  const [treeOpen, setTreeOpen] = useState(false);
  const [scopeCount, setScopeCount] = useState<number | null>(null);

  // The URL is the truth: back/forward or a shared link replace the draft.
  const urlKey = JSON.stringify(filter);
  useEffect(() => setDraft(JSON.parse(urlKey) as FilterObject), [urlKey]);

  const patch = (next: Partial<FilterObject>) => setDraft((d) => ({ ...d, ...next }));
  const apply = (next: FilterObject = draft) => {
    setFilter(next);
    onApply?.(next);
  };
  const reset = () => {
    const kept: FilterObject = { areaRange: filter.areaRange };
    setScopeCount(null);
    setDraft(kept);
    apply(kept);
  };

  const presets = TIME_SHORTCUT_DAYS.map((days) => {
    const { start_time, end_time } = lastDays(days);
    return {
      label: t(`time.${SHORTCUT_KEYS[days]}`),
      value: [dayjs.unix(start_time), dayjs.unix(end_time)] as [Dayjs, Dayjs],
    };
  });

  const body = (group: FilterGroup) => {
    if (group === 'time')
      return (
        <DatePicker.RangePicker
          data-testid="filter-time"
          presets={presets}
          style={{ width: '100%' }}
          value={draft.start_time && draft.end_time ? [dayjs.unix(draft.start_time), dayjs.unix(draft.end_time)] : null}
          onChange={(v) =>
            patch(
              v?.[0] && v[1]
                ? { start_time: v[0].startOf('day').unix(), end_time: v[1].endOf('day').unix() }
                : { start_time: undefined, end_time: undefined },
            )
          }
        />
      );
    if (group === 'shopScope') {
      const chosen = rangeIds(draft.shopRange).length;
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button block icon={<ShopOutlined />} data-testid="filter-scope" onClick={() => setTreeOpen(true)}>
            {chosen ? t('scope.chosen', { count: scopeCount ?? chosen }) : t('scope.choose')}
          </Button>
          {chosen ? (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setScopeCount(null);
                patch({ shopRange: undefined });
              }}
            >
              {t('scope.clear')}
            </Button>
          ) : null}
        </Space>
      );
    }
    const key = CHOICE_KEY[group];
    return (
      <ChoiceField
        group={group}
        allLabel={t('all')}
        value={draft[key] as string | number | undefined}
        options={choiceOptions(group as ChoiceGroup, t, statusOptions)}
        onChange={(v) => patch({ [key]: v })}
      />
    );
  };

  return (
    <aside data-testid="filter-sidebar" style={styles.wrap}>
      <Typography.Text strong>{t('title')}</Typography.Text>
      <Input.Search
        data-testid="filter-keyword"
        allowClear
        placeholder={t('keyword')}
        value={draft.keyword ?? ''}
        onChange={(e) => patch({ keyword: e.target.value || undefined })}
        onSearch={(keyword) => apply({ ...draft, keyword: keyword || undefined })}
      />
      {groups.length ? (
        <Collapse
          size="small"
          ghost
          defaultActiveKey={groups.slice(0, 3)}
          items={groups.map((g) => ({ key: g, label: t(`group.${g}`), children: body(g) }))}
        />
      ) : null}
      <Space style={{ width: '100%' }}>
        <Button type="primary" icon={<FilterOutlined />} data-testid="filter-apply" onClick={() => apply()}>
          {t('apply')}
        </Button>
        <Button data-testid="filter-reset" onClick={reset}>
          {t('reset')}
        </Button>
      </Space>
      {groups.includes('shopScope') ? (
        <TreeDialog
          open={treeOpen}
          mode={scopeMode}
          value={draft.shopRange}
          onCancel={() => setTreeOpen(false)}
          onOk={(range, count) => {
            setTreeOpen(false);
            setScopeCount(count);
            patch({ shopRange: isEmptyRange(range) ? undefined : range });
          }}
        />
      ) : null}
    </aside>
  );
}

const styles = {
  wrap: {
    display: 'flex',
    flexDirection: 'column',
    gap: 12,
    padding: 16,
    background: '#fff',
    borderRadius: 8,
    width: 240,
    flex: '0 0 240px',
  },
} as const;
