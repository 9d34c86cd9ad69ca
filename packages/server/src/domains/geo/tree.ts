import { deviceTreeId, shopIdOf, shopTreeId, type Lang, type TreeNode } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { Params, columnAccessor, rangeSql } from '../../lifecycle/sql.js';
import type { Scope } from '../../lifecycle/types.js';
import { SHOP } from '../../records/store-entities.js';

// The lazy area tree of the tree dialog: provinces → cities → districts → shops (→ devices), only
// where enabled shops in the caller's range are, each with the number of shops (or devices) below.

const LIVE = 't.live_version is not null and t.deleted_at is null';
const LIVE_D = 'd.live_version is not null and d.deleted_at is null';
type Row = { id: string; pid: string; name: string; name_en: string; num: number; record_id: number | null };

function shopWhere(scope: Scope, p: Params): string {
  const range = rangeSql(SHOP, columnAccessor(SHOP), scope.range, p.add, '$1');
  return `t.enterprise_id = $1 and ${LIVE}${range ? ` and ${range}` : ''}`;
}

async function regionLevel(q: Q, scope: Scope, parent: string, kind: 'shop' | 'device'): Promise<Row[]> {
  const column = parent.length === 0 ? 'province' : parent.length === 2 ? 'city' : 'district';
  const p = new Params([scope.enterpriseId]);
  const where = shopWhere(scope, p);
  const under = parent.length === 0 ? '' : ` and t.${parent.length === 2 ? 'province' : 'city'} = ${p.add(parent)}`;
  const num = kind === 'shop' ? 'count(distinct t.id)::int' : 'count(d.id)::int';
  const devices =
    kind === 'device'
      ? `left join devices d on d.enterprise_id = t.enterprise_id and d.shop_id = t.id and ${LIVE_D}`
      : '';
  return q.query<Row>(
    `select r.code as id, r.pid, r.name, r.name_en, ${num} as num, null::int as record_id
       from shops t join regions r on r.code = t.${column} ${devices}
      where ${where}${under} group by r.code, r.pid, r.name, r.name_en order by r.code`,
    p.values,
  );
}

async function shopsOf(q: Q, scope: Scope, district: string): Promise<Row[]> {
  const p = new Params([scope.enterpriseId]);
  const where = shopWhere(scope, p);
  return q.query<Row>(
    `select t.id::text as id, t.district as pid, t.name, t.name as name_en, t.id as record_id,
            (select count(*)::int from devices d where d.enterprise_id = t.enterprise_id and d.shop_id = t.id and ${LIVE_D}) as num
       from shops t where ${where} and t.district = ${p.add(district)} order by t.name, t.id`,
    p.values,
  );
}

async function devicesOf(q: Q, scope: Scope, shopId: number): Promise<Row[]> {
  const p = new Params([scope.enterpriseId]);
  const where = shopWhere(scope, p);
  return q.query<Row>(
    `select d.id::text as id, '' as pid, d.name, d.name as name_en, 1 as num, d.id as record_id
       from devices d join shops t on t.enterprise_id = d.enterprise_id and t.id = d.shop_id
      where ${where} and t.id = ${p.add(shopId)} and d.enterprise_id = $1 and ${LIVE_D} order by d.name, d.id`,
    p.values,
  );
}

/** Children of one node; `id` '' = the provinces. Unknown ids answer an empty list. */
export async function treeChildren(
  q: Q,
  scope: Scope,
  id: string,
  kind: 'shop' | 'device',
  lang: Lang,
): Promise<TreeNode[]> {
  const title = (r: Row) => (lang === 'en' ? r.name_en : r.name);
  if (/^(\d{2}|\d{4})?$/.test(id)) {
    return (await regionLevel(q, scope, id, kind)).map((r) => ({
      id: r.id,
      pid: r.pid,
      name: r.name,
      title: title(r),
      num: r.num,
      leaf: false,
      recordId: null,
      children: [],
    }));
  }
  if (/^\d{6}$/.test(id)) {
    return (await shopsOf(q, scope, id)).map((r) => ({
      id: shopTreeId(Number(r.record_id)),
      pid: id,
      name: r.name,
      title: r.name,
      num: kind === 'shop' ? 1 : r.num,
      leaf: kind === 'shop' || r.num === 0,
      recordId: r.record_id,
      children: [],
    }));
  }
  const shopId = kind === 'device' && id.startsWith('s') ? shopIdOf(id) : null;
  if (shopId === null) return [];
  return (await devicesOf(q, scope, shopId)).map((r) => ({
    id: deviceTreeId(Number(r.record_id)),
    pid: id,
    name: r.name,
    title: r.name,
    num: 1,
    leaf: true,
    recordId: r.record_id,
    children: [],
  }));
}
