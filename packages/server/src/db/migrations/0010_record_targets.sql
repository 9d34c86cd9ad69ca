-- The `targets` reach rule (lifecycle/targets.ts, docs/decisions/0010): the areas, shops and devices
-- each version of a record is aimed at, so lists, counts and reviewer selection can query them.
-- kind p/c/a: a province, city or district code; s: a shop; d: a device (shop_id = its shop).
create table record_targets (
  enterprise_id int not null references enterprises(id) on delete cascade,
  entity text not null,
  record_id int not null,
  version int not null,
  kind char(1) not null check (kind in ('p', 'c', 'a', 's', 'd')),
  code text not null,
  shop_id int,
  primary key (enterprise_id, entity, record_id, version, kind, code)
);
create index record_targets_shop on record_targets (enterprise_id, entity, shop_id) where shop_id is not null;

alter table record_targets enable row level security;
create policy tenant on record_targets using (enterprise_id = app_enterprise());
grant select, insert, update, delete on record_targets to vitrine_app;
