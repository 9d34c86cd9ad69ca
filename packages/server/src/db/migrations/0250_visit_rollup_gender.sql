-- Gender in the visit rollups (docs/decisions/0119): the data centre's gender filter read the raw
-- events, which the retention (0200) drops past its window, so a filtered figure of an old period
-- fell to nothing while the unfiltered one stayed. The hourly rollup takes gender as a key (its rows
-- hold a device's hour, one or two visits: the split barely adds rows); the daily one stays per
-- shop, device type and day (the dashboard's unfiltered read, 0100) and a daily rollup per gender
-- beside it serves the filter. Rows folded before this migration whose raw events are gone keep
-- gender -1 in the hourly rollup (all genders, not split) and have no per-gender daily rows: they
-- count in every unfiltered figure and in no gender's. Days whose raw events are still there are
-- folded again (0251).

alter table visit_rollup_hourly add column gender smallint not null default -1;
alter table visit_rollup_hourly drop constraint visit_rollup_hourly_pkey;
alter table visit_rollup_hourly add primary key (enterprise_id, local_day, local_hour, device_id, gender);

create table visit_rollup_daily_gender (like visit_rollup_daily including defaults);
alter table visit_rollup_daily_gender add column gender smallint not null;
alter table visit_rollup_daily_gender add primary key (enterprise_id, local_day, shop_id, device_type, gender);
alter table visit_rollup_daily_gender add foreign key (enterprise_id) references enterprises(id) on delete cascade;
alter table visit_rollup_daily_gender enable row level security;
create policy tenant on visit_rollup_daily_gender using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on visit_rollup_daily_gender to vitrine_app;
