-- The console's live feed (issue 27 §1, device-api/live/feed.ts): a command answered or a device's
-- status changed notifies channel vitrine_live with the enterprise only (`k:<enterprise>`,
-- `s:<enterprise>`), folded by PostgreSQL to one per transaction: the status sweep turning 5,000
-- screens offline is one notification. The screens' hub ignores these kinds (0280 has theirs).

create function vitrine_live_console() returns trigger language plpgsql as $$
begin
  perform pg_notify('vitrine_live', tg_argv[0] || ':' || new.enterprise_id);
  return null;
end $$;

create trigger live_console after update of state on device_commands for each row
  when (old.state is distinct from new.state) execute function vitrine_live_console('k');
create trigger live_console after update of device_status on devices for each row
  when (old.device_status is distinct from new.device_status) execute function vitrine_live_console('s');
