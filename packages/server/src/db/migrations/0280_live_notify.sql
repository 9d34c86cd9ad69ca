-- The live channel (issue 27 §1, docs/decisions/0120): a committed change a connected screen must
-- hear of notifies channel vitrine_live with a short payload, and the instance holding the screen's
-- socket pushes it. Triggers, like 0030_auth_notify.sql, so no code path can forget.
--   c:<enterprise>:<device>  a command was queued for the device
--   d:<enterprise>:<device>  the device or its token changed (revoked, disabled, moved shop, turned)
--   p:<enterprise>           something every playlist of the enterprise is made from changed
-- PostgreSQL folds identical notifications of one transaction into one: launching a plan to 5,000
-- screens is one `p:` notification, whatever the number of rows it touched.

create function vitrine_live_changed() returns trigger language plpgsql as $$
declare r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if tg_argv[0] = 'p' then
    perform pg_notify('vitrine_live', 'p:' || r.enterprise_id);
  elsif tg_argv[0] = 'e' then
    perform pg_notify('vitrine_live', 'p:' || r.id);
  else
    perform pg_notify('vitrine_live', tg_argv[0] || ':' || r.enterprise_id || ':' || r.device_id);
  end if;
  return null;
end $$;

create trigger live_notify after insert on device_commands for each row execute function vitrine_live_changed('c');

create trigger live_notify after update of revoked_at or delete on device_tokens for each row execute function vitrine_live_changed('d');

-- a device row is its own device_id
create function vitrine_live_device_changed() returns trigger language plpgsql as $$
declare r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  perform pg_notify('vitrine_live', 'd:' || r.enterprise_id || ':' || r.id);
  return null;
end $$;

create trigger live_notify after update on devices for each row
  when (old.shop_id is distinct from new.shop_id or old.type is distinct from new.type or old.orientation is distinct from new.orientation
        or old.applied is distinct from new.applied or old.live_version is distinct from new.live_version or old.deleted_at is distinct from new.deleted_at)
  execute function vitrine_live_device_changed();
create trigger live_notify_delete after delete on devices for each row execute function vitrine_live_device_changed();

create trigger live_notify after insert or update or delete on ad_plans for each row execute function vitrine_live_changed('p');
create trigger live_notify after insert or update or delete on ad_contents for each row execute function vitrine_live_changed('p');
create trigger live_notify after insert or update or delete on commodities for each row execute function vitrine_live_changed('p');
create trigger live_notify after insert or update or delete on ai_pitches for each row execute function vitrine_live_changed('p');
create trigger live_notify after update on shops for each row
  when (old.province is distinct from new.province or old.city is distinct from new.city or old.district is distinct from new.district)
  execute function vitrine_live_changed('p');
create trigger live_notify after update of time_zone on enterprises for each row
  when (old.time_zone is distinct from new.time_zone) execute function vitrine_live_changed('e');
