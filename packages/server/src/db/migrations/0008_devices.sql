-- Devices (lifecycle entity) and their remote-control command queue.
create table devices (
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
  code text not null,
  name text not null,
  type text not null check (type in ('big', 'pad')),
  orientation smallint not null,
  shop_id int not null references shops(id),
  et_id int,
  volume smallint not null default 50,
  ai smallint not null default 0,
  -- reported by the device (heartbeat, later issue): 0 offline until a heartbeat says otherwise
  device_status smallint not null default 0 check (device_status in (0, 1, 3, 7)),
  app_version text not null default '',
  last_seen_at timestamptz,
  -- the last command sequence number given to this device (commands are ordered per device)
  command_seq int not null default 0
);
create unique index devices_code on devices(enterprise_id, code);
create index devices_shop on devices(enterprise_id, shop_id);
create index devices_live on devices(enterprise_id, id) where live_version is not null and deleted_at is null;

-- A remote command for one device: ordered by seq per device, idempotent by (enterprise, key).
-- state: pending → delivered (returned with a heartbeat) → acknowledged | failed.
create table device_commands (
  id bigint generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null references devices(id) on delete cascade,
  seq int not null,
  kind text not null,
  payload jsonb not null default '{}',
  idem_key text,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'acknowledged', 'failed')),
  result jsonb,
  created_by int not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (device_id, seq)
);
create unique index device_commands_idem on device_commands(enterprise_id, idem_key) where idem_key is not null;
create index device_commands_pending on device_commands(device_id, seq) where state in ('pending', 'delivered');

alter table devices enable row level security;
alter table device_commands enable row level security;
create policy tenant on devices using (enterprise_id = app_enterprise());
create policy tenant on device_commands using (enterprise_id = app_enterprise());

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
