/** Nest flat rows by pid; rows whose parent is missing become roots (order of the input kept). */
export type Tree<T> = T & { children: Tree<T>[] };

export function buildTree<T extends { id: number; pid: number }>(rows: T[]): Tree<T>[] {
  type Node = Tree<T>;
  const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.pid ? byId.get(node.pid) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Whether making `pid` the parent of `id` would close a cycle: `pid` is `id` or one of its
 * descendants. `table` is a fixed table name of this module, never user input.
 */
export const ANCESTORS_SQL = (table: 'departments' | 'menus') => `
  with recursive up(id, pid) as (
    select id, pid from ${table} where enterprise_id = $1 and id = $2
    union
    select t.id, t.pid from ${table} t join up on t.id = up.pid where t.enterprise_id = $1
  ) select 1 from up where id = $3`;
