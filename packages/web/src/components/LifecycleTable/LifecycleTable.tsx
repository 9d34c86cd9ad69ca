import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Dropdown, Grid, Space, Switch, Table, Typography } from 'antd';
import { TabsWithTools } from '../TabsWithTools/TabsWithTools';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@vitrine/contract';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { menuStore } from '../../state/menu';
import { useStore } from '../../state/store';
import { EmptyState } from '../EmptyState';
import { toQuery, type FilterObject } from '../FilterSidebar/filterUrl';
import { useUrlFilter } from '../FilterSidebar/useUrlFilter';
import { allowedActions, hasBit, LIFECYCLE_TABS, tabVisible, type LifecycleTab, type RowAction } from './actions';
import { buildColumns, RowDetails } from './columns';
import { ColumnSettings, useHiddenColumns } from './ColumnSettings';
import { FocusedRecord } from './FocusedRecord';
import { FormDrawer } from './FormDrawer';
import { HistoryDrawer } from './HistoryDrawer';
import { LogDrawer } from './LogDrawer';
import { RejectDialog } from './RejectDialog';
import type { EntityConfig, LifecycleRow } from './types';
import { translate } from '../../i18n/keys';
import { useRowActions } from './useRowActions';
import { COOKIE, getCookie } from '../../state/cookies';
import './lifecycle-table.css';

export type LifecycleTableProps<Row extends LifecycleRow> = {
  config: EntityConfig<Row>;
  filter: FilterObject;
  /** Extra list body fields (e.g. `shopId` on manage_details). */
  extra?: Record<string, string | number>;
  /** The caller's bits; default: the current menu node's (menu state group). */
  bits?: readonly number[];
  /** Row selection (bulk actions); only on the enabled tab. */
  selection?: { keys: Key[]; onChange: (keys: Key[], rows: Row[]) => void };
  /** More per-row buttons (e.g. device controls) for the enabled tab. */
  rowExtra?: (row: Row) => ReactNode;
  toolbar?: ReactNode;
};

const INLINE = 3;
/** Page sizes offered (the list calls take up to MAX_PAGE_SIZE); the default is the spec's 10. */
export const PAGE_SIZES = [PAGE_SIZE, 20, 50, 100];
const HIGHLIGHT_MS = 6000;
type ListPage<Row> = { list: Row[]; total: number; pageNum: number; pageSize: number };

/** Spec §4 record lifecycle: mine / in review / enabled, driven by a declared column list. */
export function LifecycleTable<Row extends LifecycleRow>({
  config,
  filter,
  extra,
  bits,
  selection,
  rowExtra,
  toolbar,
}: LifecycleTableProps<Row>) {
  const { t } = useTranslation(['lifecycle', 'store', 'device', 'filter']);
  const menu = useStore(menuStore);
  const granted = bits ?? menu.nodePermissions;
  const { params, pageNum, setParams, setParam } = useUrlFilter();
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : PAGE_SIZE;
  const [hidden, setHidden] = useHiddenColumns(config.entity, config.columns);
  // below lg (992 px) the table scrolls inside its box; from a laptop up it fits (issue 25 §3)
  const wide = Grid.useBreakpoint().lg !== false;
  // the record just saved: shown on My drafts, marked for a moment so it does not seem to vanish
  const [saved, setSaved] = useState<number | null>(null);
  useEffect(() => {
    if (saved === null) return;
    const timer = setTimeout(() => setSaved(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  const tabs = LIFECYCLE_TABS.filter((tab) => tabVisible(tab, granted));
  const wanted = params.get('tab') as LifecycleTab | null;
  const tab: LifecycleTab =
    wanted && tabs.includes(wanted) ? wanted : tabs.includes('enabled') ? 'enabled' : (tabs[0] ?? 'enabled');
  const bin = params.get('bin') === '1' && tab !== 'review';
  const actions = useRowActions(config);

  const def =
    tab === 'mine' ? config.calls.myList : tab === 'review' ? config.calls.applyList : config.calls.enableList;
  const body = { ...toQuery(filter), ...extra, ...(bin ? { deleted: 1 } : {}), pageNum, pageSize };
  const list = useQuery({
    queryKey: keys.lifecycle.list(config.entity, tab, body),
    queryFn: () => call(def, body) as Promise<ListPage<Row>>,
    placeholderData: keepPreviousData,
    enabled: tabs.length > 0,
  });

  const me = Number(getCookie(COOKIE.userId) ?? 0);
  const launch = config.launch;
  const word = useMemo(
    () => (a: RowAction) =>
      launch && (a === 'online' || a === 'offline') ? translate(t, launch.words[a]) : t(`action.${a}`),
    [t, launch],
  );
  const columnsOf = useMemo(
    () => (at: LifecycleTab) => {
      const base = buildColumns(
        config.columns.filter((c) => !hidden.includes(c.key)),
        at,
        t,
      );
      base.push({
        key: 'actions',
        title: t('column.actions'),
        className: 'lifecycle-actions',
        render: (_: unknown, row: Row) => {
          const own = at === 'mine' || Number(row.authorId) === me;
          const allowed = allowedActions(
            at,
            {
              status: row.status,
              online: row.online,
              deleted: at === 'mine' ? !!row.draftDeleted : !!row.deleted,
              own,
            },
            granted,
          );
          const button = (a: RowAction) => (
            <Button
              key={a}
              type="link"
              size="small"
              danger={a === 'reject' || a === 'delete' || a === 'deleteOwn'}
              data-testid={`row-${a}-${row.id}`}
              loading={actions.busy === `${a}:${row.id}`}
              onClick={() => actions.run(a, row)}
            >
              {word(a)}
            </Button>
          );
          // one line: the first actions, the row's own (e.g. device control), the rest under 更多
          const inline = at === 'enabled' && rowExtra && !row.deleted ? INLINE - 1 : INLINE;
          const rest = allowed.slice(inline);
          return (
            <Space size={0}>
              {allowed.slice(0, inline).map(button)}
              {at === 'enabled' && !row.deleted ? rowExtra?.(row) : null}
              {rest.length ? (
                <Dropdown
                  menu={{
                    items: rest.map((a) => ({
                      key: a,
                      label: <span data-testid={`row-${a}-${row.id}`}>{word(a)}</span>,
                      danger: a === 'delete' || a === 'deleteOwn',
                    })),
                    onClick: ({ key }) => actions.run(key as RowAction, row),
                  }}
                >
                  <Button type="link" size="small" data-testid={`row-more-${row.id}`}>
                    {t('action.more')} <DownOutlined />
                  </Button>
                </Dropdown>
              ) : null}
            </Space>
          );
        },
      });
      return base;
    },
    [config.columns, hidden, t, granted, actions, rowExtra, me, word],
  );
  const columns = useMemo(() => columnsOf(tab), [columnsOf, tab]);
  // `record`, not `id`: manage_details keeps its shop in `id` and lists the shop's records below it
  const focusId = Number(params.get('record'));

  const data = list.data;
  const canCreate = hasBit(granted, 'create');
  const title = (row: Row | null) => (row ? config.titleOf(row) : '');

  return (
    <div data-testid={`lifecycle-${config.entity}`}>
      {Number.isInteger(focusId) && focusId > 0 ? (
        <FocusedRecord<Row>
          entity={config.entity}
          calls={config.calls}
          id={focusId}
          tabs={tabs}
          columnsOf={columnsOf}
          onClose={() => setParam('record', undefined)}
        />
      ) : null}
      <TabsWithTools
        activeKey={tab}
        onChange={(key) => setParam('tab', key)}
        items={tabs.map((key) => ({ key, label: <span data-testid={`tab-${key}`}>{t(`tab.${key}`)}</span> }))}
        tools={
          <Space>
            {toolbar}
            <ColumnSettings columns={config.columns} hidden={hidden} onChange={setHidden} />
            {tab !== 'review' ? (
              <Space size={4}>
                <Switch
                  size="small"
                  checked={bin}
                  data-testid="toggle-bin"
                  aria-label={t('bin')}
                  onChange={(on) => setParam('bin', on ? '1' : undefined)}
                />
                <Typography.Text type="secondary">{t('bin')}</Typography.Text>
              </Space>
            ) : null}
            {canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} data-testid="create" onClick={actions.openCreate}>
                {t('action.create', { entity: translate(t, config.label) })}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        scroll={wide ? undefined : { x: 'max-content' }}
        className="lifecycle-table"
        loading={list.isFetching}
        dataSource={data?.list ?? []}
        columns={columns}
        rowClassName={(row) => (row.id === saved ? 'lifecycle-row-saved' : '')}
        onRow={(row) => (row.id === saved ? ({ 'data-testid': 'row-saved' } as React.HTMLAttributes<HTMLElement>) : {})}
        expandable={{
          expandedRowRender: (row) => (
            <RowDetails row={row} specs={config.columns.filter((c) => hidden.includes(c.key))} tab={tab} />
          ),
          columnTitle: <span className="vt-sr-only">{t('column.details')}</span>,
          expandIcon: ({ expanded, onExpand, record }) => (
            <button
              type="button"
              className={`ant-table-row-expand-icon ${expanded ? 'ant-table-row-expand-icon-expanded' : 'ant-table-row-expand-icon-collapsed'}`}
              aria-label={t('column.details')}
              aria-expanded={expanded}
              data-testid={`row-expand-${record.id}`}
              onClick={(e) => onExpand(record, e)}
            />
          ),
        }}
        rowSelection={
          selection && tab === 'enabled'
            ? { selectedRowKeys: selection.keys, onChange: selection.onChange, preserveSelectedRowKeys: true }
            : undefined
        }
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : (
            <EmptyState testId="lifecycle-empty" title={t(`empty.${tab}`)} description={t('empty.hint')} />
          ),
        }}
        pagination={{
          current: pageNum,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('total', { total }),
          onChange: (page, size) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              const to = size === pageSize ? page : 1;
              if (to > 1) next.set('pageNum', String(to));
              else next.delete('pageNum');
              if (size !== PAGE_SIZE) next.set('pageSize', String(size));
              else next.delete('pageSize');
              return next;
            }),
        }}
      />
      <FormDrawer
        calls={config.calls}
        fields={config.fields}
        row={actions.editing?.row ?? null}
        open={actions.editing !== null}
        defaults={config.defaults}
        aside={config.aside}
        title={
          actions.editing?.row
            ? t('form.edit', { name: title(actions.editing.row) })
            : t('action.create', { entity: translate(t, config.label) })
        }
        onClose={actions.closeEdit}
        onSaved={(row) => {
          actions.closeEdit();
          // a saved draft lives on My drafts: go there (first page) and mark it
          if (tabs.includes('mine') && tab !== 'mine') setParam('tab', 'mine');
          setSaved(row.id);
          void actions.refresh();
        }}
      />
      <RejectDialog
        open={actions.rejecting !== null}
        title={title(actions.rejecting)}
        loading={actions.busy?.startsWith('reject') ?? false}
        onCancel={actions.closeReject}
        onOk={(reason) => actions.rejecting && void actions.send('reject', actions.rejecting, reason)}
      />
      <HistoryDrawer
        entity={config.entity}
        calls={config.calls}
        id={actions.history?.id ?? null}
        title={title(actions.history)}
        onClose={actions.closeHistory}
      />
      <LogDrawer
        entity={config.entity}
        calls={config.calls}
        id={actions.logs?.id ?? null}
        title={title(actions.logs)}
        onClose={actions.closeLogs}
      />
    </div>
  );
}
