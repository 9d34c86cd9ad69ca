-- Raw device events kept for a while, rollups for ever (DESIGN §8, issue 11 §1, docs/decisions/0119):
-- play_events and visit_events become partitioned by month of local_day. The retention job drops
-- whole months past the window and deletes the days of the boundary month a day at a time, so no
-- statement scans or locks much; it also creates the months ahead. A default partition catches a row
-- no month holds (none should: the device API refuses events older than the window or ahead of the
-- clock), and a month created later takes its rows over.
--
-- A partitioned table's unique indexes hold its partition key: a replay is the same event (same id,
-- same time, so the same local day), still refused by the unique index on (device_id, event_id, local_day).

create function raw_partitions_ensure(p_parent text, p_from date, p_to date) returns int
language plpgsql volatile set search_path = public as $$
declare
  m date := date_trunc('month', p_from)::date;
  part text;
  made int := 0;
begin
  while m <= p_to loop
    part := p_parent || '_' || to_char(m, 'YYYY_MM');
    if to_regclass(part) is null then
      begin
        execute format('create table %I partition of %I for values from (%L) to (%L)', part, p_parent, m, (m + interval '1 month')::date);
      exception when check_violation then
        -- rows of this month sit in the default partition: move them into the new month, then attach it
        execute format('create table %I (like %I including defaults including constraints)', part, p_parent);
        execute format('with moved as (delete from %I where local_day >= %L and local_day < %L returning *) insert into %I select * from moved',
                       p_parent || '_default', m, (m + interval '1 month')::date, part);
        execute format('alter table %I attach partition %I for values from (%L) to (%L)', p_parent, part, m, (m + interval '1 month')::date);
      end;
      -- reads go through the parent (its policy); a partition read directly is guarded the same way
      execute format('alter table %I enable row level security', part);
      execute format('create policy tenant on %I using (enterprise_id = (select app_enterprise()))', part);
      made := made + 1;
    end if;
    m := (m + interval '1 month')::date;
  end loop;
  return made;
end $$;

-- Drops the months of p_parent that end on or before p_before; how many went.
create function raw_partitions_drop(p_parent text, p_before date) returns int
language plpgsql volatile set search_path = public as $$
declare
  r record;
  gone int := 0;
begin
  for r in
    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname = p_parent and c.relname ~ ('^' || p_parent || '_[0-9]{4}_[0-9]{2}$')
       and (to_date(right(c.relname, 7), 'YYYY_MM') + interval '1 month')::date <= p_before
  loop
    execute format('drop table %I', r.relname);
    gone := gone + 1;
  end loop;
  return gone;
end $$;

revoke all on function raw_partitions_ensure(text, date, date) from public;
revoke all on function raw_partitions_drop(text, date) from public;

-- play_events ------------------------------------------------------------------------------------
alter table play_events rename to play_events_unpartitioned;
alter index play_events_event rename to play_events_unpartitioned_event;
alter index play_events_device_time rename to play_events_unpartitioned_device_time;
alter index play_events_day rename to play_events_unpartitioned_day;
alter index play_events_ingest rename to play_events_unpartitioned_ingest;
create table play_events (like play_events_unpartitioned including defaults including constraints) partition by range (local_day);
alter table play_events add primary key (id, local_day);
alter table play_events add foreign key (enterprise_id) references enterprises(id) on delete cascade;
create unique index play_events_event on play_events(device_id, event_id, local_day);
create index play_events_device_time on play_events(device_id, event_at);
create index play_events_day on play_events(enterprise_id, local_day);
create index play_events_ingest on play_events(enterprise_id, id);
create table play_events_default partition of play_events default;
alter table play_events_default enable row level security;
create policy tenant on play_events_default using (enterprise_id = (select app_enterprise()));
select raw_partitions_ensure('play_events', least(coalesce((select min(local_day) from play_events_unpartitioned), current_date), current_date - 100), current_date + 62);
insert into play_events select * from play_events_unpartitioned;
alter sequence play_events_id_seq owned by play_events.id;
drop table play_events_unpartitioned;
alter table play_events enable row level security;
create policy tenant on play_events using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on play_events to vitrine_app;

-- visit_events -----------------------------------------------------------------------------------
alter table visit_events rename to visit_events_unpartitioned;
alter index visit_events_event rename to visit_events_unpartitioned_event;
alter index visit_events_ingest rename to visit_events_unpartitioned_ingest;
create table visit_events (like visit_events_unpartitioned including defaults including constraints) partition by range (local_day);
alter table visit_events add primary key (id, local_day);
alter table visit_events add foreign key (enterprise_id) references enterprises(id) on delete cascade;
create unique index visit_events_event on visit_events(device_id, event_id, local_day);
create index visit_events_ingest on visit_events(enterprise_id, id);
create table visit_events_default partition of visit_events default;
alter table visit_events_default enable row level security;
create policy tenant on visit_events_default using (enterprise_id = (select app_enterprise()));
select raw_partitions_ensure('visit_events', least(coalesce((select min(local_day) from visit_events_unpartitioned), current_date), current_date - 100), current_date + 62);
insert into visit_events select * from visit_events_unpartitioned;
alter sequence visit_events_id_seq owned by visit_events.id;
drop table visit_events_unpartitioned;
alter table visit_events enable row level security;
create policy tenant on visit_events using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on visit_events to vitrine_app;
