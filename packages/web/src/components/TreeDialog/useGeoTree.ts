import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type TreeNode } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';

export type GeoKind = 'shop' | 'device';

/** antd Tree data built from geo/tree nodes (spec §3 tree node: id, pid, name or title, num, leaf). */
export type GeoTreeData = {
  key: string;
  title: string;
  num: number;
  isLeaf: boolean;
  node: TreeNode;
  children?: GeoTreeData[];
};

function toData(node: TreeNode): GeoTreeData {
  return { key: node.id, title: node.title || node.name, num: node.num, isLeaf: node.leaf, node };
}

function insert(list: GeoTreeData[], parent: string, children: GeoTreeData[]): GeoTreeData[] {
  return list.map((item) => {
    if (item.key === parent) return { ...item, children };
    if (item.children) return { ...item, children: insert(item.children, parent, children) };
    return item;
  });
}

/** Lazily loaded region → shop (→ device) tree; children are fetched once per node and cached. */
export function useGeoTree(kind: GeoKind) {
  const client = useQueryClient();
  const [data, setData] = useState<GeoTreeData[]>([]);
  const [parentOf, setParentOf] = useState<Map<string, string>>(() => new Map());
  const [loaded, setLoaded] = useState<Map<string, TreeNode>>(() => new Map());
  const [error, setError] = useState(false);
  const [loadedRoot, setLoadedRoot] = useState(false);

  const fetchChildren = useCallback(
    (id: string) =>
      client.fetchQuery({
        queryKey: keys.geo.tree(kind, id),
        queryFn: () => call(api.geo.tree, { id, kind }),
        staleTime: 30_000,
      }),
    [client, kind],
  );

  const remember = useCallback((nodes: TreeNode[]) => {
    setParentOf((prev) => new Map([...prev, ...nodes.map((n) => [n.id, n.pid] as const)]));
    setLoaded((prev) => new Map([...prev, ...nodes.map((n) => [n.id, n] as const)]));
  }, []);

  const loadRoot = useCallback(async () => {
    setError(false);
    try {
      const { list } = await fetchChildren('');
      remember(list);
      setData(list.map(toData));
      setLoadedRoot(true);
    } catch {
      setError(true);
    }
  }, [fetchChildren, remember]);

  const loadChildren = useCallback(
    async (id: string) => {
      const { list } = await fetchChildren(id);
      remember(list);
      setData((prev) => insert(prev, id, list.map(toData)));
    },
    [fetchChildren, remember],
  );

  return { data, parentOf, loaded, error, loadedRoot, loadRoot, loadChildren };
}
