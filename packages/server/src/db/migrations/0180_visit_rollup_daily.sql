-- Daily visit rollups (issue 11 bench, docs/decisions/0100): one row per enterprise, local day, shop and
-- device type (the type the screen had when its visits were folded: the stats filter's DeviceType),
-- with the spec's counts and the visits of each local hour (h0…h23). The dashboard's summaries,
-- series by day/week/month, shops and the hour × weekday heatmap read these rows (30 days of 500
-- shops: 15,000–30,000 rows, against ~200,000–400,000 hourly ones); the per-device hourly rollup
-- stays for series grouped by hour. The stats-rollup job folds both in the same transaction as
-- the watermark move, so they always agree.

create table visit_rollup_daily (
  enterprise_id int not null references enterprises(id) on delete cascade,
  local_day date not null,
  shop_id int not null,
  device_type text not null,
  visits int not null default 0,
  male int not null default 0,
  female int not null default 0,
  unknown int not null default 0,
  age0 int not null default 0, age1 int not null default 0, age2 int not null default 0, age3 int not null default 0, age4 int not null default 0,
  act0 int not null default 0, act1 int not null default 0, act2 int not null default 0, act3 int not null default 0, act4 int not null default 0,
  dwell_ms bigint not null default 0,
  h0 int not null default 0, h1 int not null default 0, h2 int not null default 0, h3 int not null default 0, h4 int not null default 0, h5 int not null default 0, h6 int not null default 0, h7 int not null default 0, h8 int not null default 0, h9 int not null default 0, h10 int not null default 0, h11 int not null default 0, h12 int not null default 0, h13 int not null default 0, h14 int not null default 0, h15 int not null default 0, h16 int not null default 0, h17 int not null default 0, h18 int not null default 0, h19 int not null default 0, h20 int not null default 0, h21 int not null default 0, h22 int not null default 0, h23 int not null default 0,
  primary key (enterprise_id, local_day, shop_id, device_type)
);

insert into visit_rollup_daily (enterprise_id, local_day, shop_id, device_type, visits, male, female, unknown,
  age0, age1, age2, age3, age4, act0, act1, act2, act3, act4, dwell_ms, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23)
select r.enterprise_id, local_day, r.shop_id, coalesce(d.type, 'big'), sum(visits), sum(male), sum(female), sum(unknown),
       sum(age0), sum(age1), sum(age2), sum(age3), sum(age4), sum(act0), sum(act1), sum(act2), sum(act3), sum(act4), sum(dwell_ms),
       coalesce(sum(visits) filter (where local_hour = 0), 0),
       coalesce(sum(visits) filter (where local_hour = 1), 0),
       coalesce(sum(visits) filter (where local_hour = 2), 0),
       coalesce(sum(visits) filter (where local_hour = 3), 0),
       coalesce(sum(visits) filter (where local_hour = 4), 0),
       coalesce(sum(visits) filter (where local_hour = 5), 0),
       coalesce(sum(visits) filter (where local_hour = 6), 0),
       coalesce(sum(visits) filter (where local_hour = 7), 0),
       coalesce(sum(visits) filter (where local_hour = 8), 0),
       coalesce(sum(visits) filter (where local_hour = 9), 0),
       coalesce(sum(visits) filter (where local_hour = 10), 0),
       coalesce(sum(visits) filter (where local_hour = 11), 0),
       coalesce(sum(visits) filter (where local_hour = 12), 0),
       coalesce(sum(visits) filter (where local_hour = 13), 0),
       coalesce(sum(visits) filter (where local_hour = 14), 0),
       coalesce(sum(visits) filter (where local_hour = 15), 0),
       coalesce(sum(visits) filter (where local_hour = 16), 0),
       coalesce(sum(visits) filter (where local_hour = 17), 0),
       coalesce(sum(visits) filter (where local_hour = 18), 0),
       coalesce(sum(visits) filter (where local_hour = 19), 0),
       coalesce(sum(visits) filter (where local_hour = 20), 0),
       coalesce(sum(visits) filter (where local_hour = 21), 0),
       coalesce(sum(visits) filter (where local_hour = 22), 0),
       coalesce(sum(visits) filter (where local_hour = 23), 0)
  from visit_rollup_hourly r left join devices d on d.id = r.device_id
 group by r.enterprise_id, local_day, r.shop_id, coalesce(d.type, 'big');

alter table visit_rollup_daily enable row level security;
create policy tenant on visit_rollup_daily using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on visit_rollup_daily to vitrine_app;
