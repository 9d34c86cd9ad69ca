-- Every instance keeps who-is-calling lookups in memory for a few seconds (plugins/auth-cache.ts).
-- A committed change to what those lookups read notifies channel vitrine_auth, which every instance
-- LISTENs to; the trigger also marks the transaction (setting vitrine.vitrine_auth) so the instance
-- that made the change forgets at its commit, before it answers. Hot writes that change nothing
-- cached (a new session, last_seen_at touches) do not fire.

create function vitrine_auth_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('vitrine_auth', '');
  perform set_config('vitrine.vitrine_auth', '1', true);
  return null;
end $$;

create trigger auth_notify after update of revoked_at, expires_at on sessions for each row
  when (old.revoked_at is distinct from new.revoked_at or old.expires_at is distinct from new.expires_at)
  execute function vitrine_auth_changed();
create trigger auth_notify_delete after delete on sessions for each row execute function vitrine_auth_changed();

create trigger auth_notify after update of phone, nickname on users for each row
  when (old.phone is distinct from new.phone or old.nickname is distinct from new.nickname)
  execute function vitrine_auth_changed();
create trigger auth_notify_delete after delete on users for each row execute function vitrine_auth_changed();

create trigger auth_notify after update or delete on enterprises for each statement execute function vitrine_auth_changed();
create trigger auth_notify after insert or update or delete on members for each statement execute function vitrine_auth_changed();
create trigger auth_notify after insert or update or delete on role_entries for each statement execute function vitrine_auth_changed();
create trigger auth_notify after insert or update or delete on jobs for each statement execute function vitrine_auth_changed();
create trigger auth_notify after insert or update or delete on menus for each statement execute function vitrine_auth_changed();
create trigger auth_notify after insert or update or delete on job_menus for each statement execute function vitrine_auth_changed();

create trigger auth_notify_truncate after truncate on sessions for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on users for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on enterprises for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on members for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on role_entries for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on jobs for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on menus for each statement execute function vitrine_auth_changed();
create trigger auth_notify_truncate after truncate on job_menus for each statement execute function vitrine_auth_changed();
