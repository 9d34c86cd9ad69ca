-- The audience on the screen (issue 26, docs/decisions/0112): the camera's state as the last heartbeat
-- reported it, the enterprise's "camera in use" mark for its screens, and a device's recent visits
-- read by time for the console's device drawer.

-- { state, fps, lastVisitAt } from the heartbeat's `camera`; null until a player with a camera reports
alter table device_presence add column camera jsonb;

-- 1: screens whose camera counts visitors show a small "camera in use" mark (on by default: an
-- operator switches it off only where the shop posts its own notice)
alter table enterprises add column camera_mark smallint not null default 1 check (camera_mark in (0, 1));

-- the device drawer's "visitors of the last hour" (as play_events_device_time for plays)
create index visit_events_device_time on visit_events(device_id, event_at);

-- device_presence_flush (0070) with the camera: like free storage or volume, a report without it
-- keeps the stored one, and an earlier report never overwrites a later one.
create or replace function device_presence_flush(p_rows jsonb) returns int
language sql volatile security definer set search_path = public as $$
  with r as (
    select x.* from jsonb_to_recordset(p_rows) as x(
      device_id int, enterprise_id int, t_first double precision, t_seen double precision, hb_interval int, app_version text,
      free_storage_mb real, volume smallint, direction smallint, errors jsonb, clock_skew real, playing_content int,
      playing_plan int, playing_at double precision, camera jsonb)
    join devices d on d.id = x.device_id and d.enterprise_id = x.enterprise_id
  ), up as (
    insert into device_presence as p (device_id, enterprise_id, first_seen_at, last_seen_at, online_since, hb_interval,
      app_version, free_storage_mb, volume, direction, errors, clock_skew, playing_content, playing_plan, playing_at, camera)
    select r.device_id, r.enterprise_id, to_timestamp(r.t_first), to_timestamp(r.t_seen), to_timestamp(r.t_first), r.hb_interval,
           coalesce(r.app_version, ''), r.free_storage_mb, r.volume, r.direction, coalesce(r.errors, '[]'), coalesce(r.clock_skew, 0),
           r.playing_content, r.playing_plan, to_timestamp(r.playing_at), r.camera
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
      playing_at = greatest(p.playing_at, excluded.playing_at),
      camera = case when excluded.last_seen_at >= p.last_seen_at then coalesce(excluded.camera, p.camera) else p.camera end
    returning 1
  )
  select count(*)::int from up
$$;

-- device_auth (0220, 0230) and device_heartbeat (0240) with the enterprise's camera mark, for the
-- config a screen gets: the same lookups, plans pinned the same way (docs/decisions/0119). A new
-- column changes their row types, so they are made anew.
drop function device_heartbeat(text[]);
drop function device_auth(text[]);

create function device_auth(p_hashes text[]) returns table(
  token_hash text, enterprise_id int, device_id int, shop_id int, name text, type text, orientation int, volume int, ai int, time_zone text,
  camera_mark int
)
language plpgsql stable security definer set search_path = public
  set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
#variable_conflict use_column
begin
  return query
  select t.token_hash, d.enterprise_id, d.id, d.shop_id, d.name, d.type,
         coalesce((d.applied->>'direction')::int, d.orientation::int), coalesce((d.applied->>'volume')::int, d.volume::int),
         coalesce((d.applied->>'ai')::int, d.ai::int), e.time_zone, e.camera_mark::int
    from device_tokens t
    join devices d on d.enterprise_id = t.enterprise_id and d.id = t.device_id and d.live_version is not null and d.deleted_at is null
    join enterprises e on e.id = d.enterprise_id
   where t.token_hash = any(p_hashes) and t.revoked_at is null;
end $$;

create function device_heartbeat(p_hashes text[]) returns table(
  token_hash text, enterprise_id int, device_id int, shop_id int, name text, type text, orientation int, volume int, ai int,
  time_zone text, camera_mark int, commands jsonb
)
language plpgsql volatile security definer set search_path = public
  set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
#variable_conflict use_column
begin
  return query
  with dev as (
    select a.token_hash, a.enterprise_id, a.device_id, a.shop_id, a.name, a.type, a.orientation, a.volume, a.ai, a.time_zone, a.camera_mark
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
         dev.time_zone, dev.camera_mark,
         coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'seq', o.seq, 'action', o.kind, 'params', o.payload,
                                                       'ctime', floor(extract(epoch from o.created_at))) order by o.seq)
                     from open o where o.device_id = dev.device_id), '[]'::jsonb)
    from dev;
end $$;

revoke all on function device_auth(text[]) from public;
revoke all on function device_heartbeat(text[]) from public;
grant execute on function device_auth(text[]) to vitrine_app;
grant execute on function device_heartbeat(text[]) to vitrine_app;
