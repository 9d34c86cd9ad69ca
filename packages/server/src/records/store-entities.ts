import {
  employeeData,
  employeeView,
  etData,
  etFilter,
  etView,
  memberData,
  memberView,
  personFilter,
  shopData,
  shopFilter,
  shopTreeId,
  shopView,
} from '@vitrine/contract';
import { fail } from '../errors.js';
import { defineEntity } from '../lifecycle/entity.js';
import type { Accessor } from '../lifecycle/types.js';
import { checkFree, checkRef, checkRegion, checkShop, maskPhone, suffix } from './checks.js';

// The stores-area lifecycle entities (menu /store): shops, store points, employees, shop members.

const shopName = (acc: Accessor) =>
  `coalesce((select sn.name from shops sn where sn.enterprise_id = t.enterprise_id and sn.id = ${acc('shopId')}), '')`;

export const SHOP = defineEntity(
  { data: shopData, view: shopView, filter: shopFilter },
  {
    entity: 'shop',
    table: 'shops',
    menu: '/store',
    label: 'entity.shop',
    reach: { kind: 'shop', field: 'self' },
    titleField: 'name',
    uniqueKey: 'shop.codeTaken',
    keyword: ['name', 'code', 'address'],
    eqFilters: { level: 'level' },
    view: {
      managerName: (acc) => `coalesce((select mu.nickname from users mu where mu.id = ${acc('managerId')}), '')`,
      devices: () =>
        `(select count(*)::int from devices dc
           where dc.enterprise_id = t.enterprise_id and dc.shop_id = t.id and dc.live_version is not null and dc.deleted_at is null)`,
    },
    finish: (item) => ({ ...item, treeId: shopTreeId(Number(item.id)), area: Number(item.area ?? 0) }),
    copyData: (d) => ({ ...d, code: `${String(d.code).slice(0, 26)}-${suffix()}` }),
    validate: async (q, scope, data, recordId) => {
      await checkRegion(q, data.province, data.city, data.district);
      await checkFree(q, scope, 'shops', data.code, recordId, 'shop.codeTaken');
      if (data.managerId !== null && data.managerId !== undefined) {
        const rows = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [
          scope.enterpriseId,
          data.managerId,
        ]);
        if (!rows.length) throw fail.invalid('managerId', 'shop.manager');
      }
      return data;
    },
  },
);

export const ET = defineEntity(
  { data: etData, view: etView, filter: etFilter },
  {
    entity: 'et',
    table: 'store_points',
    menu: '/store',
    label: 'entity.et',
    reach: { kind: 'shop', field: 'shopId' },
    titleField: 'name',
    keyword: ['name', 'remark'],
    eqFilters: { etType: 'etType', shopId: 'shopId' },
    view: { shopName },
    validate: async (q, scope, data) => {
      await checkShop(q, scope, data.shopId);
      return data;
    },
  },
);

export const EMPLOYEE = defineEntity(
  { data: employeeData, view: employeeView, filter: personFilter },
  {
    entity: 'employee',
    table: 'employees',
    menu: '/store',
    label: 'entity.employee',
    reach: { kind: 'shop', field: 'shopId' },
    titleField: 'name',
    keyword: ['name', 'phone'],
    eqFilters: { gender: 'gender', shopId: 'shopId' },
    // the spec's role (1 assistant, 2 manager, 3 supervisor): the role of the employee's job
    listFilter: (f, add, acc) =>
      typeof f.role === 'number'
        ? `${acc('jobId')} in (select j.id from jobs j where j.enterprise_id = t.enterprise_id and j.role = ${add(f.role)})`
        : null,
    view: {
      shopName,
      // the enterprise member whose account has this phone
      userId: (acc) =>
        `(select eu.id from users eu join members em on em.user_id = eu.id and em.enterprise_id = t.enterprise_id and em.status = 1
           where eu.phone = ${acc('phone')})`,
    },
    validate: async (q, scope, data) => {
      await checkShop(q, scope, data.shopId);
      await checkRef(q, scope, 'departments', data.deptId, 'deptId');
      await checkRef(q, scope, 'jobs', data.jobId, 'jobId');
      return data;
    },
  },
);

export const MEMBER = defineEntity(
  { data: memberData, view: memberView, filter: personFilter },
  {
    entity: 'member',
    table: 'shop_members',
    menu: '/store',
    label: 'entity.member',
    reach: { kind: 'shop', field: 'shopId' },
    titleField: 'name',
    keyword: ['name', 'phone'],
    eqFilters: { gender: 'gender', shopId: 'shopId' },
    view: { shopName },
    finish: (item, mode) => (mode === 'list' ? { ...item, phone: maskPhone(item.phone) } : item),
    validate: async (q, scope, data) => {
      await checkShop(q, scope, data.shopId);
      return data;
    },
  },
);
