import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Modal, Spin, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TREE_DIALOG_WIDTH, type Range } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { setTreeItem } from '../../state/dialog';
import { buildRange, isEmptyRange, rangeIds } from './ranges';
import { useGeoTree, type GeoTreeData } from './useGeoTree';

export type TreeDialogMode = 'shops' | 'devices';

/** Devices picked one by one in devices mode (their shop not picked whole). */
export type TreePicked = { devices: number[] };

export type TreeDialogProps = {
  open: boolean;
  mode: TreeDialogMode;
  title?: ReactNode;
  /** The range already chosen; its nodes show checked once loaded. */
  value?: Partial<Range>;
  /** `range`: the checked nodes by level, parents covering children; `count`: shops or devices selected. */
  onOk: (range: Range, count: number, picked: TreePicked) => void;
  onCancel: () => void;
};

const isDeviceId = (id: string) => /^d\d+$/.test(id);

/** Splits device leaves (devices mode) from the `{p,c,a,s}` range. */
function splitDevices(range: Range, recordOf: (id: string) => number | null): { range: Range; devices: number[] } {
  const devices = range.s
    .filter(isDeviceId)
    .map(recordOf)
    .filter((n): n is number => n !== null);
  return { range: { ...range, s: range.s.filter((id) => !isDeviceId(id)) }, devices };
}

/** Spec §2 tree dialog (560px): areas then shops (or devices), loaded on demand, with a selected count. */
export function TreeDialog({ open, mode, title, value, onOk, onCancel }: TreeDialogProps) {
  const { t } = useTranslation(['filter', 'common']);
  const kind = mode === 'devices' ? 'device' : 'shop';
  const tree = useGeoTree(kind);
  const { loadRoot } = tree;
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);

  useEffect(() => {
    if (!open) return;
    setChecked(rangeIds(value));
    void loadRoot();
    // Re-seed only when the dialog opens; later `value` changes come from our own onOk.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, loadRoot]);

  const full = useMemo(() => buildRange(checked, tree.parentOf), [checked, tree.parentOf]);
  const recordOf = (id: string) => tree.loaded.get(id)?.recordId ?? null;
  const { range, devices } = splitDevices(full, recordOf);

  const count = useQuery({
    queryKey: keys.geo.count(kind, range),
    queryFn: () =>
      mode === 'devices'
        ? call(api.geo.deviceCount, { shopRange: range })
        : call(api.geo.shopCount, { shopRange: range }),
    enabled: open && !isEmptyRange(range),
    staleTime: 10_000,
  });
  const total = (isEmptyRange(range) ? 0 : (count.data?.count ?? 0)) + devices.length;

  useEffect(() => {
    if (open) setTreeItem(String(total));
  }, [open, total]);

  const onCheck = (keysOrInfo: Key[] | { checked: Key[] }) => {
    const next = (Array.isArray(keysOrInfo) ? keysOrInfo : keysOrInfo.checked).map(String);
    // Ids of the value whose nodes are not loaded yet stay chosen.
    const hidden = checked.filter((id) => !tree.loaded.has(id));
    setChecked([...new Set([...next, ...hidden])]);
  };

  const renderTitle = (item: GeoTreeData) => (
    <span data-testid={`tree-node-${item.key}`}>
      {item.title}
      {!isDeviceId(item.key) && !item.key.startsWith('s') ? (
        <Typography.Text type="secondary"> ({item.num})</Typography.Text>
      ) : null}
    </span>
  );

  const unit = mode === 'devices' ? t('tree.devices', { count: total }) : t('tree.shops', { count: total });

  return (
    <Modal
      open={open}
      width={TREE_DIALOG_WIDTH}
      title={title ?? (mode === 'devices' ? t('tree.titleDevices') : t('tree.titleShops'))}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Typography.Text key="count" data-testid="tree-count" style={{ float: 'left', lineHeight: '32px' }}>
          {t('tree.selected')} {count.isFetching ? <Spin size="small" /> : <strong>{total}</strong>} {unit}
        </Typography.Text>,
        <Button key="cancel" data-testid="tree-cancel" onClick={onCancel}>
          {t('common:action.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          data-testid="tree-ok"
          disabled={count.isFetching}
          onClick={() => {
            setTreeItem(String(total));
            onOk(range, total, { devices });
          }}
        >
          {t('common:action.ok')}
        </Button>,
      ]}
    >
      <div data-testid="tree-dialog" style={{ height: 420, overflow: 'auto' }}>
        {tree.error ? <Alert type="error" showIcon title={t('tree.loadFailed')} /> : null}
        {!tree.loadedRoot && !tree.error ? <Spin /> : null}
        <Tree<GeoTreeData>
          checkable
          blockNode
          treeData={tree.data}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={setExpanded}
          onCheck={onCheck}
          loadData={(node) => (node.isLeaf || node.children ? Promise.resolve() : tree.loadChildren(String(node.key)))}
          titleRender={renderTitle}
        />
        {tree.loadedRoot && tree.data.length === 0 ? (
          <Typography.Text type="secondary">{t('tree.empty')}</Typography.Text>
        ) : null}
      </div>
    </Modal>
  );
}
