-- The device loop (issue 10): activation codes, device tokens, presence, status history, offline
-- alerts, and the raw play and visit events. See docs/decisions/0070-device-loop.md.

-- The enterprise's time zone: plan times and the local day/hour of events are wall-clock there.
alter table enterprises add column if not exists time_zone text not null default 'Asia/Shanghai';

-- What a device reports now lives in device_presence (written in batches); the devices row keeps
-- the derived status and since when it holds.
alter table devices drop column app_version;
alter table devices drop column last_seen_at;
alter table devices add column status_at timestamptz;
-- settings the device acknowledged through commands (volume, direction, ai): they override the
-- registered values in the config a heartbeat returns, so a restarted player keeps them
alter table devices add column applied jsonb not null default '{}';
-- set when the device was listed in an offline alert not yet closed by a "back online" message
alter table devices add column offline_alerted_at timestamptz;

-- One-time activation codes the console shows. The code is kept twice: an HMAC (what activation
-- compares) and sealed with the server secret (what the console shows); neither reads back
-- without the secret.
create table device_activations (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null references devices(id) on delete cascade,
  device_code text not null,
  code_mac text not null,
  code_box text not null,
  attempts int not null default 0,
  created_by int not null references users(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index device_activations_code on device_activations(device_code) where used_at is null and revoked_at is null;
create index device_activations_device on device_activations(enterprise_id, device_id, id desc);

-- Device tokens: only the SHA-256 of the token is stored; one live token per device.
create table device_tokens (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null references devices(id) on delete cascade,
  token_hash text not null unique,
  hw jsonb not null default '{}',
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create unique index device_tokens_live on device_tokens(device_id) where revoked_at is null;

-- The last heartbeat state of each device, upserted by each server instance's presence flush.
create table device_presence (
  device_id int primary key references devices(id) on delete cascade,
  enterprise_id int not null references enterprises(id) on delete cascade,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- the first heartbeat after the device had been silent past its offline threshold
  online_since timestamptz not null,
  hb_interval int not null,
  app_version text not null default '',
  free_storage_mb real,
  volume smallint,
  direction smallint,
  errors jsonb not null default '[]',
  clock_skew real not null default 0,
  playing_content int,
  playing_plan int,
  playing_at timestamptz
);
create index device_presence_ent on device_presence(enterprise_id);

-- Every status transition the sweep records (0 offline, 1 abnormal, 3 playback abnormal, 7 normal).
create table device_status_events (
  id bigint generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null references devices(id) on delete cascade,
  status smallint not null,
  previous smallint,
  at timestamptz not null,
  reasons jsonb not null default '[]'
);
create index device_status_events_device on device_status_events(enterprise_id, device_id, at desc);

-- Offline alerts and their "back online" closings, per shop; at most one offline alert per shop
-- and clock hour (the unique index settles races between sweeping instances).
create table device_alerts (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  shop_id int not null references shops(id) on delete cascade,
  kind text not null check (kind in ('offline', 'online')),
  devices jsonb not null,
  sent_at timestamptz not null,
  hour_key timestamptz not null
);
create unique index device_alerts_hourly on device_alerts(enterprise_id, shop_id, hour_key) where kind = 'offline';
create index device_alerts_shop on device_alerts(enterprise_id, shop_id, sent_at desc);

-- Commands: API.md's action names, the expired state (TTL 24 h) and the times of each step.
alter table device_commands drop constraint device_commands_state_check;
alter table device_commands add constraint device_commands_state_check
  check (state in ('pending', 'delivered', 'acknowledged', 'failed', 'expired'));
alter table device_commands add column delivered_at timestamptz;
alter table device_commands add column done_at timestamptz;
alter table device_commands add column expires_at timestamptz;
update device_commands set expires_at = created_at + interval '24 hours';
alter table device_commands alter column expires_at set not null;
alter table device_commands alter column expires_at set default now() + interval '24 hours';
update device_commands set kind = 'direction' where kind = 'landscape';
update device_commands set kind = coalesce(payload->>'action', 'refresh'), payload = '{}' where kind = 'manage';
alter table device_commands add constraint device_commands_kind_check
  check (kind in ('volume', 'direction', 'ai', 'restart', 'refresh', 'screenshot', 'virtual-status'));
create index device_commands_expiry on device_commands(enterprise_id, expires_at) where state in ('pending', 'delivered');

-- Raw events, append-only. id is the ingest id (rollups read past a watermark of it); event_id is
-- the device's own id, unique per device (replays are counted once); local_day/local_hour are the
-- event time in the enterprise's time zone. No foreign key to devices or contents: proof of play
-- must outlive edits and deletions of what it names.
create table play_events (
  id bigserial primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null,
  shop_id int not null,
  event_id uuid not null,
  -- the play's start
  event_at timestamptz not null,
  local_day date not null,
  local_hour smallint not null,
  received_at timestamptz not null default now(),
  content_id int not null,
  plan_id int not null,
  material_sha256 text,
  duration_ms int not null
);
create unique index play_events_event on play_events(device_id, event_id);
create index play_events_device_time on play_events(device_id, event_at);

create table visit_events (
  id bigserial primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  device_id int not null,
  shop_id int not null,
  event_id uuid not null,
  event_at timestamptz not null,
  local_day date not null,
  local_hour smallint not null,
  received_at timestamptz not null default now(),
  gender smallint not null check (gender in (0, 1, 2)),
  age_band smallint not null check (age_band between 0 and 4),
  action text not null check (action in ('pass', 'watch', 'interact', 'enter')),
  dwell_ms int,
  pitch_id int
);
create unique index visit_events_event on visit_events(device_id, event_id);

alter table device_activations enable row level security;
alter table device_tokens enable row level security;
alter table device_presence enable row level security;
alter table device_status_events enable row level security;
alter table device_alerts enable row level security;
alter table play_events enable row level security;
alter table visit_events enable row level security;
create policy tenant on device_activations using (enterprise_id = app_enterprise());
create policy tenant on device_tokens using (enterprise_id = app_enterprise());
create policy tenant on device_presence using (enterprise_id = app_enterprise());
create policy tenant on device_status_events using (enterprise_id = app_enterprise());
create policy tenant on device_alerts using (enterprise_id = app_enterprise());
create policy tenant on play_events using (enterprise_id = app_enterprise());
create policy tenant on visit_events using (enterprise_id = app_enterprise());

-- ---------------------------------------------------------------------------------------------
-- The device API learns the enterprise from the device's credential, before any tenant is set, and
-- batches many devices (of many enterprises) in one statement. These functions are the only ways
-- past row-level security for it; each answers or touches exactly the rows its arguments name.

-- Try an activation code for a device code: the matching live code is used up (its device must be
-- enabled) and its enterprise and device returned; otherwise every live code of that device code
-- counts one wrong try (the fifth kills it).
create function device_activation_try(p_code text, p_mac text) returns table(enterprise_id int, device_id int)
language plpgsql volatile security definer set search_path = public as $$
#variable_conflict use_column
begin
  return query
    update device_activations a set used_at = now()
     where a.device_code = p_code and a.code_mac = p_mac and a.used_at is null and a.revoked_at is null
       and a.expires_at > now() and a.attempts < 5
       and exists (select 1 from devices d where d.id = a.device_id and d.enterprise_id = a.enterprise_id
                     and d.live_version is not null and d.deleted_at is null)
    returning a.enterprise_id, a.device_id;
  if not found then
    update device_activations a set attempts = a.attempts + 1
     where a.device_code = p_code and a.used_at is null and a.revoked_at is null and a.expires_at > now() and a.attempts < 5;
  end if;
end $$;

-- The devices behind live tokens (enabled, not deleted) with their effective settings: the device
-- API's authentication.
create function device_auth(p_hashes text[]) returns table(
  token_hash text, enterprise_id int, device_id int, shop_id int, name text, type text, orientation int, volume int, ai int, time_zone text
)
language sql stable security definer set search_path = public as $$
  select t.token_hash, d.enterprise_id, d.id, d.shop_id, d.name, d.type,
         coalesce((d.applied->>'direction')::int, d.orientation::int), coalesce((d.applied->>'volume')::int, d.volume::int),
         coalesce((d.applied->>'ai')::int, d.ai::int), e.time_zone
    from device_tokens t
    join devices d on d.enterprise_id = t.enterprise_id and d.id = t.device_id and d.live_version is not null and d.deleted_at is null
    join enterprises e on e.id = d.enterprise_id
   where t.token_hash = any(p_hashes) and t.revoked_at is null
$$;

-- One heartbeat batch: authenticate the tokens, hand out their devices' pending commands (state
-- delivered) and return every unacknowledged, unexpired command in order with the device's settings.
create function device_heartbeat(p_hashes text[]) returns table(
  token_hash text, enterprise_id int, device_id int, shop_id int, name text, type text, orientation int, volume int, ai int,
  time_zone text, commands jsonb
)
language sql volatile security definer set search_path = public as $$
  with dev as (
    select a.token_hash, a.enterprise_id, a.device_id, a.shop_id, a.name, a.type, a.orientation, a.volume, a.ai, a.time_zone
      from device_auth(p_hashes) a
  ), sent as (
    update device_commands c set state = 'delivered', delivered_at = now(), updated_at = now()
      from dev
     where c.enterprise_id = dev.enterprise_id and c.device_id = dev.device_id and c.state = 'pending' and c.expires_at > now()
    returning c.device_id, c.id, c.seq, c.kind, c.payload, c.created_at
  ), open as (
    select s.device_id, s.id, s.seq, s.kind, s.payload, s.created_at from sent s
    union all
    select c.device_id, c.id, c.seq, c.kind, c.payload, c.created_at
      from device_commands c join dev on c.enterprise_id = dev.enterprise_id and c.device_id = dev.device_id
     where c.state = 'delivered' and c.expires_at > now()
  )
  select dev.token_hash, dev.enterprise_id, dev.device_id, dev.shop_id, dev.name, dev.type, dev.orientation, dev.volume, dev.ai,
         dev.time_zone,
         coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'seq', o.seq, 'action', o.kind, 'params', o.payload,
                                                       'ctime', floor(extract(epoch from o.created_at))) order by o.seq)
                     from open o where o.device_id = dev.device_id), '[]'::jsonb)
    from dev
$$;

-- One presence flush of one server instance: upsert the devices it heard from (a row per device,
-- enterprise checked against the device). A later report never loses to an earlier one, so
-- instances may flush the same device in any order.
create function device_presence_flush(p_rows jsonb) returns int
language sql volatile security definer set search_path = public as $$
  with r as (
    select x.* from jsonb_to_recordset(p_rows) as x(
      device_id int, enterprise_id int, t_first double precision, t_seen double precision, hb_interval int, app_version text,
      free_storage_mb real, volume smallint, direction smallint, errors jsonb, clock_skew real, playing_content int,
      playing_plan int, playing_at double precision)
    join devices d on d.id = x.device_id and d.enterprise_id = x.enterprise_id
  ), up as (
    insert into device_presence as p (device_id, enterprise_id, first_seen_at, last_seen_at, online_since, hb_interval,
      app_version, free_storage_mb, volume, direction, errors, clock_skew, playing_content, playing_plan, playing_at)
    select r.device_id, r.enterprise_id, to_timestamp(r.t_first), to_timestamp(r.t_seen), to_timestamp(r.t_first), r.hb_interval,
           coalesce(r.app_version, ''), r.free_storage_mb, r.volume, r.direction, coalesce(r.errors, '[]'), coalesce(r.clock_skew, 0),
           r.playing_content, r.playing_plan, to_timestamp(r.playing_at)
      from r
    on conflict (device_id) do update set
      online_since = case when excluded.first_seen_at > p.last_seen_at + make_interval(secs => p.hb_interval * 2.5)
                          then excluded.first_seen_at else p.online_since end,
      last_seen_at = greatest(p.last_seen_at, excluded.last_seen_at),
      hb_interval = case when excluded.last_seen_at >= p.last_seen_at then excluded.hb_interval else p.hb_interval end,
      app_version = case when excluded.last_seen_at >= p.last_seen_at and excluded.app_version <> '' then excluded.app_version else p.app_version end,
      free_storage_mb = case when excluded.last_seen_at >= p.last_seen_at then coalesce(excluded.free_storage_mb, p.free_storage_mb) else p.free_storage_mb end,
      volume = case when excluded.last_seen_at >= p.last_seen_at then coalesce(excluded.volume, p.volume) else p.volume end,
      direction = case when excluded.last_seen_at >= p.last_seen_at then coalesce(excluded.direction, p.direction) else p.direction end,
      errors = case when excluded.last_seen_at >= p.last_seen_at then excluded.errors else p.errors end,
      clock_skew = case when excluded.last_seen_at >= p.last_seen_at then excluded.clock_skew else p.clock_skew end,
      playing_content = case when excluded.playing_at >= coalesce(p.playing_at, '-infinity') then excluded.playing_content else p.playing_content end,
      playing_plan = case when excluded.playing_at >= coalesce(p.playing_at, '-infinity') then excluded.playing_plan else p.playing_plan end,
      playing_at = greatest(p.playing_at, excluded.playing_at)
    returning 1
  )
  select count(*)::int from up
$$;

-- Enterprises with an activated device or an open command: the ones the device jobs visit.
create function device_enterprises() returns table(enterprise_id int)
language sql stable security definer set search_path = public as $$
  select t.enterprise_id from device_tokens t
  union
  select c.enterprise_id from device_commands c where c.state in ('pending', 'delivered')
$$;

revoke all on function device_activation_try(text, text) from public;
revoke all on function device_auth(text[]) from public;
revoke all on function device_heartbeat(text[]) from public;
revoke all on function device_presence_flush(jsonb) from public;
revoke all on function device_enterprises() from public;
grant execute on function device_activation_try(text, text) to vitrine_app;
grant execute on function device_auth(text[]) to vitrine_app;
grant execute on function device_heartbeat(text[]) to vitrine_app;
grant execute on function device_presence_flush(jsonb) to vitrine_app;
grant execute on function device_enterprises() to vitrine_app;

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
