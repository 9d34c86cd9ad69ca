-- Play and sales rollups (DESIGN §8, issue 11 §1; docs/decisions/0119): the stats-rollup job folds
-- play_events and sale_lines past the enterprise's watermark (streams 'plays' and 'sales' in
-- stats_watermarks, starting at 0: the first fold reads every existing row, no backfill) into daily
-- rollups with the dimensions the reads group or filter by, and thin hourly ones for the series
-- grouped by hour (stats/ad, stats/sale; up to 400 days). Reads add the raw rows past the watermark.

create table play_rollup_daily (
  enterprise_id int not null references enterprises(id) on delete cascade,
  local_day date not null,
  shop_id int not null,
  device_id int not null,
  content_id int not null,
  plan_id int not null,
  plays int not null default 0,
  duration_ms bigint not null default 0,
  primary key (enterprise_id, local_day, shop_id, device_id, content_id, plan_id)
);

create table play_rollup_hourly (
  enterprise_id int not null references enterprises(id) on delete cascade,
  local_day date not null,
  local_hour smallint not null,
  shop_id int not null,
  device_id int not null,
  plays int not null default 0,
  duration_ms bigint not null default 0,
  primary key (enterprise_id, local_day, local_hour, shop_id, device_id)
);

-- employee_id 0: a line without an employee (a key column cannot be null; reads turn 0 back into null)
create table sale_rollup_daily (
  enterprise_id int not null references enterprises(id) on delete cascade,
  local_day date not null,
  shop_id int not null,
  commodity_id int not null,
  employee_id int not null,
  lines int not null default 0,
  quantity bigint not null default 0,
  amount bigint not null default 0,
  primary key (enterprise_id, local_day, shop_id, commodity_id, employee_id)
);

create table sale_rollup_hourly (
  enterprise_id int not null references enterprises(id) on delete cascade,
  local_day date not null,
  local_hour smallint not null,
  shop_id int not null,
  lines int not null default 0,
  quantity bigint not null default 0,
  amount bigint not null default 0,
  primary key (enterprise_id, local_day, local_hour, shop_id)
);

-- the fold and the reads' raw tail find the rows past the watermark by ingest id
create index play_events_ingest on play_events (enterprise_id, id);
create index sale_lines_ingest on sale_lines (enterprise_id, id);

alter table play_rollup_daily enable row level security;
alter table play_rollup_hourly enable row level security;
alter table sale_rollup_daily enable row level security;
alter table sale_rollup_hourly enable row level security;
create policy tenant on play_rollup_daily using (enterprise_id = (select app_enterprise()));
create policy tenant on play_rollup_hourly using (enterprise_id = (select app_enterprise()));
create policy tenant on sale_rollup_daily using (enterprise_id = (select app_enterprise()));
create policy tenant on sale_rollup_hourly using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on play_rollup_daily, play_rollup_hourly, sale_rollup_daily, sale_rollup_hourly to vitrine_app;

-- Enterprises with visits, plays or sales lines the rollups have not read yet (the job's work list,
-- across tenants). Same signature as in 0080, so its grants stay.
create or replace function stats_pending_enterprises() returns table(enterprise_id int)
language sql stable security definer set search_path = public as $$
  select e.id from enterprises e
   where exists (
           select 1 from visit_events v
            where v.enterprise_id = e.id
              and v.id > coalesce((select w.last_id from stats_watermarks w where w.enterprise_id = e.id and w.stream = 'visits'), 0))
      or exists (
           select 1 from play_events p
            where p.enterprise_id = e.id
              and p.id > coalesce((select w.last_id from stats_watermarks w where w.enterprise_id = e.id and w.stream = 'plays'), 0))
      or exists (
           select 1 from sale_lines l
            where l.enterprise_id = e.id
              and l.id > coalesce((select w.last_id from stats_watermarks w where w.enterprise_id = e.id and w.stream = 'sales'), 0))
$$;
