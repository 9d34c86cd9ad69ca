-- One helper for a lifecycle table's standard part (issue 28 §2; docs/decisions/0004): the ten
-- columns every kind of record carries, the tenant's row-level security policy and the app role's
-- grants. A new kind of record:
--   create table things (name text not null, …);
--   select lifecycle_table('things');
-- test/lifecycle-table.test.ts holds every entity table of the contract to what this helper makes.
create or replace function lifecycle_table(t regclass) returns void language plpgsql as $$
begin
  execute format(
    'alter table %s
       add column id int generated always as identity primary key,
       add column enterprise_id int not null references enterprises(id) on delete cascade,
       add column author_id int not null references users(id),
       add column version int not null default 1,
       add column status smallint not null default 101,
       add column live_version int,
       add column online smallint not null default 301,
       add column deleted_at timestamptz,
       add column created_at timestamptz not null default now(),
       add column updated_at timestamptz not null default now()', t);
  execute format('alter table %s enable row level security', t);
  execute format('create policy tenant on %s using (enterprise_id = (select app_enterprise()))', t);
  execute format('grant select, insert, update, delete on %s to vitrine_app', t);
  execute 'grant usage, select on all sequences in schema public to vitrine_app';
end $$;
