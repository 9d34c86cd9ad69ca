import { shopTreeId } from '@vitrine/contract';
import { fail } from '../errors.js';
import type { Accessor, EntityConfig } from '../lifecycle/types.js';
import { checkFree, checkRef, checkRegion, checkShop, maskPhone, suffix } from './checks.js';

// The stores-area lifecycle entities (menu /store): shops, store points, employees, shop members.

const shopName = (acc: Accessor) => `coalesce((select sn.name from shops sn where sn.enterprise_id = t.enterprise_id and sn.id = ${acc('shopId')}), '')`;

export const SHOP: EntityConfig = {
  entity: 'shop', table: 'shops', menu: '/store', label: 'entity.shop', reach: { kind: 'shop', field: 'self' }, titleField: 'name', uniqueKey: 'shop.codeTaken',
  fields: {
    name: { column: 'name', type: 'text' }, code: { column: 'code', type: 'text' }, level: { column: 'level', type: 'int' },
    province: { column: 'province', type: 'text' }, city: { column: 'city', type: 'text' }, district: { column: 'district', type: 'text' },
    address: { column: 'address', type: 'text' }, phone: { column: 'phone', type: 'text' }, managerId: { column: 'manager_id', type: 'int' },
    hours: { column: 'hours', type: 'text' }, area: { column: 'area', type: 'num' },
  },
  keyword: ['name', 'code', 'address'],
  eqFilters: { level: 'level' },
  view: {
    managerName: (acc) => `coalesce((select mu.nickname from users mu where mu.id = ${acc('managerId')}), '')`,
    devices: () => `(select count(*)::int from devices dc where dc.enterprise_id = t.enterprise_id and dc.shop_id = t.id and dc.live_version is not null and dc.deleted_at is null)`,
  },
  finish: (item) => ({ ...item, treeId: shopTreeId(Number(item.id)), area: Number(item.area ?? 0) }),
  copyData: (d) => ({ ...d, code: `${String(d.code).slice(0, 26)}-${suffix()}` }),
  validate: async (q, scope, data, recordId) => {
    await checkRegion(q, data.province, data.city, data.district);
    await checkFree(q, scope, 'shops', data.code, recordId, 'shop.codeTaken');
    if (data.managerId !== null && data.managerId !== undefined) {
      const rows = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [scope.enterpriseId, data.managerId]);
      if (!rows.length) throw fail.invalid('managerId', 'shop.manager');
    }
    return data;
  },
};

export const ET: EntityConfig = {
  entity: 'et', table: 'store_points', menu: '/store', label: 'entity.et', reach: { kind: 'shop', field: 'shopId' }, titleField: 'name',
  fields: {
    name: { column: 'name', type: 'text' }, etType: { column: 'et_type', type: 'text' }, shopId: { column: 'shop_id', type: 'int' },
    remark: { column: 'remark', type: 'text' },
  },
  keyword: ['name', 'remark'],
  eqFilters: { etType: 'etType', shopId: 'shopId' },
  view: { shopName },
  validate: async (q, scope, data) => {
    await checkShop(q, scope, data.shopId);
    return data;
  },
};

export const EMPLOYEE: EntityConfig = {
  entity: 'employee', table: 'employees', menu: '/store', label: 'entity.employee', reach: { kind: 'shop', field: 'shopId' }, titleField: 'name',
  fields: {
    name: { column: 'name', type: 'text' }, phone: { column: 'phone', type: 'text' }, gender: { column: 'gender', type: 'int' },
    shopId: { column: 'shop_id', type: 'int' }, deptId: { column: 'dept_id', type: 'int' }, jobId: { column: 'job_id', type: 'int' },
    hireDate: { column: 'hire_date', type: 'int' },
  },
  keyword: ['name', 'phone'],
  eqFilters: { gender: 'gender', shopId: 'shopId' },
  view: {
    shopName,
    // the enterprise member whose account has this phone
    userId: (acc) => `(select eu.id from users eu join members em on em.user_id = eu.id and em.enterprise_id = t.enterprise_id and em.status = 1 where eu.phone = ${acc('phone')})`,
  },
  validate: async (q, scope, data) => {
    await checkShop(q, scope, data.shopId);
    await checkRef(q, scope, 'departments', data.deptId, 'deptId');
    await checkRef(q, scope, 'jobs', data.jobId, 'jobId');
    return data;
  },
};

export const MEMBER: EntityConfig = {
  entity: 'member', table: 'shop_members', menu: '/store', label: 'entity.member', reach: { kind: 'shop', field: 'shopId' }, titleField: 'name',
  fields: {
    name: { column: 'name', type: 'text' }, phone: { column: 'phone', type: 'text' }, gender: { column: 'gender', type: 'int' },
    ageBand: { column: 'age_band', type: 'text' }, level: { column: 'level', type: 'int' }, points: { column: 'points', type: 'int' },
    shopId: { column: 'shop_id', type: 'int' }, joined: { column: 'joined', type: 'int' },
  },
  keyword: ['name', 'phone'],
  eqFilters: { gender: 'gender', shopId: 'shopId' },
  view: { shopName },
  finish: (item, mode) => (mode === 'list' ? { ...item, phone: maskPhone(item.phone) } : item),
  validate: async (q, scope, data) => {
    await checkShop(q, scope, data.shopId);
    return data;
  },
};
