import type { Q } from '../packages/server/src/db/client.js';

/** 10,000 enabled shops over 400 districts and 100,000 enabled devices with their version rows, by direct SQL. */
export async function seedStores(admin: Q, ent: number, user: number, shops: number, devices: number): Promise<void> {
  await admin.query(
    `insert into shops (enterprise_id, author_id, status, live_version, online, name, code, level, province, city, district, address)
     select $1, $2, 103, 1, 302, '门店' || g, 'B' || g, 1 + g % 3, substr(r.code, 1, 2), substr(r.code, 1, 4), r.code, '人民路' || g || '号'
       from generate_series(1, $3::int) g
       join (select code, (row_number() over (order by code))::int - 1 as k from regions where level = 3) r on r.k = g % 400`,
    [ent, user, shops],
  );
  await admin.query(
    `insert into devices (enterprise_id, author_id, status, live_version, online, code, name, type, orientation, shop_id, device_status)
     select $1, $2, 103, 1, 302, 'D' || g, '屏' || g, case when g % 2 = 0 then 'big' else 'pad' end, g % 2, s.id, (array[0, 1, 3, 7])[1 + g % 4]
       from generate_series(1, $3::int) g
       join (select id, (row_number() over (order by id))::int - 1 as k from shops where enterprise_id = $1) s on s.k = g % $4`,
    [ent, user, devices, shops],
  );
  await admin.query(
    `insert into record_versions (enterprise_id, entity, record_id, version, status, apply_status, data, author_id)
     select $1, 'shop', id, 1, 103, 202, jsonb_build_object('name', name, 'code', code, 'level', level, 'province', province, 'city', city,
            'district', district, 'address', address, 'phone', '', 'managerId', null, 'hours', '', 'area', 0), $2 from shops where enterprise_id = $1`,
    [ent, user],
  );
  await admin.query(
    `insert into record_versions (enterprise_id, entity, record_id, version, status, apply_status, data, author_id)
     select $1, 'device', id, 1, 103, 202, jsonb_build_object('code', code, 'name', name, 'type', type, 'orientation', orientation, 'shopId', shop_id,
            'etId', null, 'volume', volume, 'ai', ai), $2 from devices where enterprise_id = $1`,
    [ent, user],
  );
  // as autovacuum would have by the time anyone lists: statistics, hint bits and the visibility map set
  await admin.query('vacuum analyze');
}
