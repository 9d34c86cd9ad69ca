-- Incentive schemes (issue 12 §2): lifecycle records aimed at shops (record_targets) and optionally
-- named employees; progress is computed from sale_lines and the visit rollups when asked. The tier
-- each participant has reached per period is kept (a message goes out once per new tier), and the
-- settlement job records each ended period's results.
create table incentives (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  author_id int not null references users(id),
  version int not null default 1,
  status smallint not null default 101,
  live_version int,
  online smallint not null default 301,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  name text not null,
  description text not null default '',
  metric text not null,
  level text not null default 'employee',
  commodity_ids jsonb not null default '[]',
  category text not null default '',
  op smallint not null default 1,
  tiers jsonb not null default '[]',
  date_from date not null,
  date_to date not null,
  reset text not null default 'none',
  targets jsonb not null default '{}',
  employee_ids jsonb not null default '[]',
  roles jsonb not null default '[]'
);
create index incentives_live on incentives(enterprise_id, date_from, date_to) where live_version is not null and deleted_at is null;

-- The best tier a participant (employee or shop) has reached in a period: written by the tier job.
create table incentive_reached (
  enterprise_id int not null references enterprises(id) on delete cascade,
  incentive_id int not null,
  period_key text not null,
  participant_id int not null,
  tier smallint not null,
  reached_at timestamptz not null default now(),
  primary key (enterprise_id, incentive_id, period_key, participant_id)
);

-- What each participant earned in an ended period: written once by the settlement job.
create table incentive_settlements (
  enterprise_id int not null references enterprises(id) on delete cascade,
  incentive_id int not null,
  period_key text not null,
  period_from date not null,
  period_to date not null,
  participant_id int not null,
  shop_id int not null,
  name text not null,
  value bigint not null,
  tier smallint not null,
  reward text not null default '',
  reward_fen bigint not null default 0,
  settled_at timestamptz not null default now(),
  primary key (enterprise_id, incentive_id, period_key, participant_id)
);

-- The jobs' first question across enterprises (RLS hides them from the app role).
create function incentive_enterprises(day date) returns table(enterprise_id int)
language sql stable security definer set search_path = public as $$
  select distinct i.enterprise_id from incentives i
   where i.live_version is not null and i.deleted_at is null and i.online = 302 and i.date_from <= day + 1 and i.date_to >= day - 40
$$;
revoke all on function incentive_enterprises(date) from public;
grant execute on function incentive_enterprises(date) to vitrine_app;

alter table incentives enable row level security;
alter table incentive_reached enable row level security;
alter table incentive_settlements enable row level security;
create policy tenant on incentives using (enterprise_id = (select app_enterprise()));
create policy tenant on incentive_reached using (enterprise_id = (select app_enterprise()));
create policy tenant on incentive_settlements using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on incentives, incentive_reached, incentive_settlements to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
