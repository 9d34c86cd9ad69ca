-- Advertising lifecycle records (issue 9): commodities (enterprise-wide) and ad plans (aimed at
-- areas, shops and devices: their targets are in record_targets, migration 0010). Lifecycle columns
-- as in 0007; typed columns hold the enabled version's data, or the first draft's until approval.
create table commodities (
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
  code text not null,
  brand text not null default '',
  category text not null default '',
  price bigint not null default 0,
  unit text not null default '',
  images jsonb not null default '[]',
  selling_points jsonb not null default '[]',
  specs jsonb not null default '[]'
);
create unique index commodities_code on commodities(enterprise_id, code);

create table ad_plans (
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
  contents jsonb not null default '[]',
  date_from date not null,
  date_to date not null,
  weekdays jsonb not null default '[0,1,2,3,4,5,6]',
  dayparts jsonb not null default '[]',
  priority smallint not null default 5,
  targets jsonb not null default '{}',
  device_type text not null default 'all',
  orientation smallint not null default -1
);
create index ad_plans_live on ad_plans(enterprise_id, date_from, date_to) where live_version is not null and deleted_at is null;

alter table commodities enable row level security;
alter table ad_plans enable row level security;
create policy tenant on commodities using (enterprise_id = app_enterprise());
create policy tenant on ad_plans using (enterprise_id = app_enterprise());
grant select, insert, update, delete on commodities, ad_plans to vitrine_app;
