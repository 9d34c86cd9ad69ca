-- Visitor statistics (DESIGN §8, issue 11): hourly rollups of visit_events per device, brought up to
-- date every minute by the stats-rollup job past a per-enterprise watermark of ingest ids; reads
-- add the raw rows past the watermark, so figures are current to the minute. A rollup row holds
-- the spec's columns as counts: visits, gender, age bucket, and non-passing actions per age bucket.

create table visit_rollup_hourly (
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null,
  shop_id int not null,
  local_day date not null,
  local_hour smallint not null,
  visits int not null default 0,
  male int not null default 0,
  female int not null default 0,
  unknown int not null default 0,
  age0 int not null default 0, age1 int not null default 0, age2 int not null default 0, age3 int not null default 0, age4 int not null default 0,
  act0 int not null default 0, act1 int not null default 0, act2 int not null default 0, act3 int not null default 0, act4 int not null default 0,
  dwell_ms bigint not null default 0,
  primary key (enterprise_id, local_day, local_hour, device_id)
);
create index visit_rollup_shop on visit_rollup_hourly (enterprise_id, shop_id, local_day);

-- How far each enterprise's rollups have read visit_events (ids up to last_id are in the rollups).
create table stats_watermarks (
  enterprise_id int not null references enterprises(id) on delete cascade,
  stream text not null,
  last_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (enterprise_id, stream)
);

create index visit_events_ingest on visit_events (enterprise_id, id);

alter table visit_rollup_hourly enable row level security;
alter table stats_watermarks enable row level security;
create policy tenant on visit_rollup_hourly using (enterprise_id = app_enterprise());
create policy tenant on stats_watermarks using (enterprise_id = app_enterprise());

-- Enterprises with visits the rollups have not read yet (the job's work list, across tenants).
create function stats_pending_enterprises() returns table(enterprise_id int)
language sql stable security definer set search_path = public as $$
  select e.id from enterprises e
   where exists (
     select 1 from visit_events v
      where v.enterprise_id = e.id
        and v.id > coalesce((select w.last_id from stats_watermarks w where w.enterprise_id = e.id and w.stream = 'visits'), 0))
$$;
revoke all on function stats_pending_enterprises() from public;
grant execute on function stats_pending_enterprises() to vitrine_app;

grant select, insert, update, delete on visit_rollup_hourly, stats_watermarks to vitrine_app;
