import { useEffect, type Key } from 'react';
import { Button, Tree, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Range } from '@vitrine/contract';
import { levelOf, rangeIds } from '../../components/TreeDialog';
import { useGeoTree, type GeoTreeData } from '../../components/TreeDialog/useGeoTree';

/** The area tree on the left of /store (geo/tree): picking a region filters by it; a shop opens it. */
export function AreaTree({ value, onChange }: { value?: Range; onChange: (range: Range | undefined) => void }) {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const tree = useGeoTree('shop');
  const { loadRoot } = tree;
  useEffect(() => void loadRoot(), [loadRoot]);
  const selected = rangeIds(value);

  const onSelect = (keys: Key[], info: { node: GeoTreeData }) => {
    const id = String(info.node.key);
    const level = levelOf(id);
    if (level === 's' && info.node.node.recordId) {
      void navigate(`/store/manage_details?id=${info.node.node.recordId}`);
      return;
    }
    if (!keys.length) return onChange(undefined);
    onChange({ p: [], c: [], a: [], s: [], [level]: [id] });
  };

  return (
    <div data-testid="area-tree" style={styles.wrap}>
      <div style={styles.head}>
        <Typography.Text strong>{t('page.areas')}</Typography.Text>
        <Button
          type="link"
          size="small"
          data-testid="area-all"
          disabled={!selected.length}
          onClick={() => onChange(undefined)}
        >
          {t('page.allAreas')}
        </Button>
      </div>
      <div style={styles.body}>
        <Tree<GeoTreeData>
          blockNode
          treeData={tree.data}
          selectedKeys={selected}
          onSelect={onSelect}
          loadData={(node) => (node.isLeaf || node.children ? Promise.resolve() : tree.loadChildren(String(node.key)))}
          titleRender={(item) => (
            <span data-testid={`area-node-${item.key}`}>
              {item.title}
              {levelOf(item.key) !== 's' ? <Typography.Text type="secondary"> ({item.num})</Typography.Text> : null}
            </span>
          )}
        />
        {tree.loadedRoot && !tree.data.length ? (
          <Typography.Text type="secondary">{t('page.areaEmpty')}</Typography.Text>
        ) : null}
      </div>
    </div>
  );
}

const styles = {
  wrap: { background: '#fff', borderRadius: 8, padding: 12 },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 },
  body: { maxHeight: 320, overflow: 'auto' },
} as const;
