-- Stores-area lifecycle entities. Lifecycle columns (same in every entity table):
--   author_id (creator), version (head version), status (the head version's 101–104),
--   live_version (enabled version, null until first approved), online 301/302,
--   deleted_at (soft delete of the enabled record).
-- The typed columns hold the enabled version's data, or the head draft's until first approval.
create table shops (
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
  level smallint not null,
  province text not null,
  city text not null,
  district text not null,
  address text not null default '',
  phone text not null default '',
  manager_id int references users(id),
  hours text not null default '',
  area numeric not null default 0
);
create unique index shops_code on shops(enterprise_id, code);
create index shops_live on shops(enterprise_id, district, id) where live_version is not null and deleted_at is null;
create index shops_city on shops(enterprise_id, city);
create index shops_province on shops(enterprise_id, province);

create table store_points (
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
  et_type text not null,
  shop_id int not null references shops(id),
  remark text not null default ''
);
create index store_points_shop on store_points(enterprise_id, shop_id);

create table employees (
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
  phone text not null,
  gender smallint not null,
  shop_id int not null references shops(id),
  dept_id int,
  job_id int,
  hire_date int not null default 0
);
create index employees_shop on employees(enterprise_id, shop_id);
create index employees_phone on employees(enterprise_id, phone);

-- Shop customers (the spec's "member"; `members` is enterprise membership).
create table shop_members (
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
  phone text not null,
  gender smallint not null,
  age_band text not null,
  level smallint not null default 1,
  points int not null default 0,
  shop_id int not null references shops(id),
  joined int not null default 0
);
create index shop_members_shop on shop_members(enterprise_id, shop_id);

alter table shops enable row level security;
alter table store_points enable row level security;
alter table employees enable row level security;
alter table shop_members enable row level security;
create policy tenant on shops using (enterprise_id = app_enterprise());
create policy tenant on store_points using (enterprise_id = app_enterprise());
create policy tenant on employees using (enterprise_id = app_enterprise());
create policy tenant on shop_members using (enterprise_id = app_enterprise());

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
