-- device_heartbeat (0070) again, the same arguments, rows and effects, in PL/pgSQL with its plan kept
-- for the session, as device_auth (0220, 0230): as a SQL function that cannot be inlined (security
-- definer, its own search_path) its statement — two CTEs over device_auth, the update that hands out
-- pending commands, the commands' aggregate — was planned anew on every heartbeat batch. The plan is
-- pinned to index probes in nested loops (the devices of a batch, their open commands by
-- device_commands_pending) for any batch size and table size (docs/decisions/0119).
create or replace function device_heartbeat(p_hashes text[]) returns table(
  token_hash text, enterprise_id int, device_id int, shop_id int, name text, type text, orientation int, volume int, ai int,
  time_zone text, commands jsonb
)
language plpgsql volatile security definer set search_path = public
  set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
#variable_conflict use_column
begin
  return query
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
    from dev;
end $$;
