-- Sales lines (issue 11 §2): reported by a point-of-sale system (sale/report) or imported, one row
-- per line id of the enterprise (a replay adds nothing), with the shop's local day and hour.
create table sale_lines (
  id bigserial primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  line_id text not null,
  shop_id int not null,
  commodity_id int not null,
  employee_id int,
  quantity int not null,
  amount bigint not null,
  sold_at timestamptz not null,
  local_day date not null,
  local_hour smallint not null,
  received_at timestamptz not null default now()
);
create unique index sale_lines_line on sale_lines(enterprise_id, line_id);
create index sale_lines_day on sale_lines(enterprise_id, local_day);
alter table sale_lines enable row level security;
create policy tenant on sale_lines using (enterprise_id = (select app_enterprise()));
grant select, insert on sale_lines to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;

-- stats/ad reads plays by the enterprise's local days
create index play_events_day on play_events(enterprise_id, local_day);
