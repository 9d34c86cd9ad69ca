-- device_auth (0070) again, the same arguments and rows, in PL/pgSQL. A SQL function that cannot be
-- inlined (security definer, its own search_path) has its body planned anew on every call before
-- PostgreSQL 18: ~0.2 ms of the database's CPU per device call (every call of the device API
-- authenticates through it) to run a lookup of ~0.02 ms. PL/pgSQL keeps the statement's plan for the
-- session (docs/decisions/0119).
create or replace function device_auth(p_hashes text[]) returns table(
  token_hash text, enterprise_id int, device_id int, shop_id int, name text, type text, orientation int, volume int, ai int, time_zone text
)
language plpgsql stable security definer set search_path = public as $$
#variable_conflict use_column
begin
  return query
  select t.token_hash, d.enterprise_id, d.id, d.shop_id, d.name, d.type,
         coalesce((d.applied->>'direction')::int, d.orientation::int), coalesce((d.applied->>'volume')::int, d.volume::int),
         coalesce((d.applied->>'ai')::int, d.ai::int), e.time_zone
    from device_tokens t
    join devices d on d.enterprise_id = t.enterprise_id and d.id = t.device_id and d.live_version is not null and d.deleted_at is null
    join enterprises e on e.id = d.enterprise_id
   where t.token_hash = any(p_hashes) and t.revoked_at is null;
end $$;
