-- Wrong activation tries per address and per the code actually tried (issue 24 §1). Device codes
-- are unique per enterprise only, and a wrong try used to count against every live code of its
-- device code in every enterprise: five anonymous tries killed every enterprise's codes. Now a
-- wrong try touches no stored code; it is kept here, keyed by the caller's address and a hash of
-- the (device code, activation code) pair tried — the same wrong pair sent again counts once —, and
-- an address with five wrong pairs in 15 minutes is refused (device-api/activate.ts). Rows older
-- than a day are removed by the cleanup job.
create table device_activation_tries (
  address text not null,
  tried text not null,
  tried_at timestamptz not null default now(),
  primary key (address, tried)
);
create index device_activation_tries_at on device_activation_tries (tried_at);
grant select, insert, update, delete on device_activation_tries to vitrine_app;

-- The matching live code is used up (its device must be enabled) and its enterprise and device
-- returned; a wrong code changes nothing here (codes killed before this migration stay dead).
create or replace function device_activation_try(p_code text, p_mac text) returns table(enterprise_id int, device_id int)
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
end $$;
