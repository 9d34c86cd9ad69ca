import { DEVICE_STATUSES, deviceData, deviceListFilter, deviceTreeId, deviceView } from '@vitrine/contract';
import { fail } from '../errors.js';
import { defineEntity } from '../lifecycle/entity.js';
import { checkFree, checkShop, suffix } from './checks.js';

/** Devices (menu /store): registered in the console; status, app version and last seen come from the device. */
export const DEVICE = defineEntity(
  { data: deviceData, view: deviceView, filter: deviceListFilter },
  {
    entity: 'device',
    table: 'devices',
    menu: '/store',
    label: 'entity.device',
    reach: { kind: 'shop', field: 'shopId' },
    titleField: 'name',
    uniqueKey: 'device.codeTaken',
    keyword: ['code', 'name'],
    eqFilters: { DeviceType: 'type', Direction: 'orientation', shopId: 'shopId' },
    listFilter: (f, add) =>
      typeof f.status === 'number' && DEVICE_STATUSES.includes(f.status) ? `t.device_status = ${add(f.status)}` : null,
    view: {
      shopName: (acc) =>
        `coalesce((select sn.name from shops sn where sn.enterprise_id = t.enterprise_id and sn.id = ${acc('shopId')}), '')`,
      deviceStatus: () => 't.device_status',
      // reported by the device: the presence row its heartbeats keep (null/'' = never connected)
      appVersion: () =>
        `coalesce((select dp.app_version from device_presence dp where dp.device_id = t.id and dp.enterprise_id = t.enterprise_id), '')`,
      lastSeen: () =>
        '(select extract(epoch from dp.last_seen_at)::int from device_presence dp where dp.device_id = t.id and dp.enterprise_id = t.enterprise_id)',
      // what the screen said it applied, and what is on its way to it (issue 25 §5)
      reported: () => `coalesce(t.applied, '{}'::jsonb)`,
      pending:
        () => `coalesce((select jsonb_object_agg(c.kind, c.payload -> c.kind order by c.seq) from device_commands c
       where c.enterprise_id = t.enterprise_id and c.device_id = t.id and c.state in ('pending', 'delivered')
         and c.kind in ('volume', 'direction', 'ai')), '{}'::jsonb)`,
    },
    finish: (item) => ({ ...item, treeId: deviceTreeId(Number(item.id)) }),
    copyData: (d) => ({ ...d, code: `${String(d.code).slice(0, 58)}-${suffix()}` }),
    validate: async (q, scope, data, recordId) => {
      await checkShop(q, scope, data.shopId);
      await checkFree(q, scope, 'devices', data.code, recordId, 'device.codeTaken');
      if (data.etId !== null && data.etId !== undefined) {
        const rows = await q.query('select 1 from store_points where enterprise_id = $1 and id = $2 and shop_id = $3', [
          scope.enterpriseId,
          data.etId,
          data.shopId,
        ]);
        if (!rows.length) throw fail.invalid('etId', 'et.notFound');
      }
      return data;
    },
  },
);
