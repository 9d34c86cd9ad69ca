-- Foundation: accounts, sessions, SMS codes, enterprises, membership, menus, demo bookings.
-- Tenant tables carry enterprise_id and row-level security; the server runs every request
-- as the non-superuser role vitrine_app with app.enterprise_id / app.user_id set per transaction.

do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'vitrine_app') then
    create role vitrine_app nologin;
  end if;
end $$;

grant usage on schema public to vitrine_app;

create table users (
  id int generated always as identity primary key,
  phone text not null unique,
  password_hash text,
  nickname text not null default '',
  avatar text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  id int generated always as identity primary key,
  user_id int not null references users(id) on delete cascade,
  token_hash text not null unique,
  source text not null default 'pc',
  ip text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user on sessions(user_id);

create table sms_codes (
  id int generated always as identity primary key,
  phone text not null,
  purpose text not null,
  code_hash text not null,
  ip text not null default '',
  attempts int not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index sms_codes_phone on sms_codes(phone, created_at desc);
create index sms_codes_ip on sms_codes(ip, created_at desc);

-- Development sender's outbox (read by dev/sms-outbox only outside production).
create table sms_outbox (
  id int generated always as identity primary key,
  phone text not null,
  purpose text not null,
  code text not null,
  created_at timestamptz not null default now()
);
create index sms_outbox_phone on sms_outbox(phone, id desc);

-- Throttling counters (login failures, request rates), fixed windows, in the database so that
-- restarts and other instances see them.
create table rate_counters (
  key text not null,
  window_start timestamptz not null,
  count int not null default 0,
  primary key (key, window_start)
);

create table enterprises (
  id int generated always as identity primary key,
  code text not null unique,
  title text not null,
  logo text not null default '',
  status smallint not null default 0,
  creator_id int not null references users(id),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);

create table appointments (
  id int generated always as identity primary key,
  name text not null,
  phone text not null,
  company text not null,
  city text not null default '',
  stores int,
  note text not null default '',
  ip text not null default '',
  created_at timestamptz not null default now()
);

-- ---------- tenant tables ----------

create table departments (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  pid int not null default 0,
  name text not null,
  sort int not null default 0,
  created_at timestamptz not null default now()
);
create index departments_ent on departments(enterprise_id);

create table jobs (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  name text not null,
  role smallint not null check (role in (1, 2, 3)),
  created_at timestamptz not null default now()
);
create index jobs_ent on jobs(enterprise_id);

create table members (
  enterprise_id int not null references enterprises(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  is_main smallint not null default 0,
  status smallint not null default 1,
  joined_at timestamptz not null default now(),
  primary key (enterprise_id, user_id)
);
create index members_user on members(user_id);

-- A member's role entries: department + job (which carries the role). role_node is what requests
-- carry in the roleCode header. data_range null = the whole enterprise.
create table role_entries (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  dept_id int not null references departments(id),
  job_id int not null references jobs(id),
  role_node text not null unique,
  data_range jsonb,
  created_at timestamptz not null default now()
);
create index role_entries_user on role_entries(user_id, enterprise_id);

-- The enterprise's permission-menu catalogue.
create table menus (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  pid int not null default 0,
  path text not null,
  title text not null,
  title_en text not null default '',
  icon text not null default '',
  sort int not null default 0,
  level int not null default 1,
  main_only boolean not null default false
);
create index menus_ent on menus(enterprise_id);

-- Operation bits (weight) of a menu for a job (the role node template of the permission tree).
create table job_menus (
  enterprise_id int not null references enterprises(id) on delete cascade,
  job_id int not null references jobs(id) on delete cascade,
  menu_id int not null references menus(id) on delete cascade,
  weight int not null,
  primary key (job_id, menu_id)
);
create index job_menus_ent on job_menus(enterprise_id);

create table join_applications (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  status smallint not null default 201,
  reason text not null default '',
  reviewer_id int references users(id),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);
create unique index join_applications_pending on join_applications(enterprise_id, user_id) where status = 201;

create table oplog (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  user_id int not null references users(id),
  role smallint,
  verb text not null,
  entity text not null,
  entity_id text not null default '',
  summary jsonb,
  source text not null default 'pc',
  created_at timestamptz not null default now()
);
create index oplog_ent on oplog(enterprise_id, created_at desc);

-- ---------- grants and row-level security ----------

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;

create function app_enterprise() returns int language sql stable as
  $$ select nullif(current_setting('app.enterprise_id', true), '')::int $$;
create function app_user() returns int language sql stable as
  $$ select nullif(current_setting('app.user_id', true), '')::int $$;

alter table departments enable row level security;
alter table jobs enable row level security;
alter table members enable row level security;
alter table role_entries enable row level security;
alter table menus enable row level security;
alter table job_menus enable row level security;
alter table join_applications enable row level security;
alter table oplog enable row level security;

create policy tenant on departments using (enterprise_id = app_enterprise());
create policy tenant on jobs using (enterprise_id = app_enterprise());
create policy tenant on menus using (enterprise_id = app_enterprise());
create policy tenant on job_menus using (enterprise_id = app_enterprise());
create policy tenant on oplog using (enterprise_id = app_enterprise());
-- A user sees their own memberships, role entries and applications in every enterprise.
create policy tenant on members using (enterprise_id = app_enterprise() or user_id = app_user());
create policy tenant on role_entries using (enterprise_id = app_enterprise() or user_id = app_user());
create policy tenant on join_applications using (enterprise_id = app_enterprise() or user_id = app_user());
