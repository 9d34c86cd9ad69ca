-- Files and the materials library (issue 3). The bytes live in storage (content-addressed by
-- SHA-256, one blob may back rows of several enterprises); each row belongs to one enterprise.
create table files (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  user_id int not null references users(id),
  sha256 text not null,
  storage_key text not null,
  kind text not null,
  -- the client's file name, sanitised: shown and offered on download, never used on disk
  name text not null default '',
  mime text not null,
  ext text not null,
  type smallint not null,
  size bigint not null,
  width int,
  height int,
  duration real,
  created_at timestamptz not null default now()
);
create unique index files_ent_hash on files(enterprise_id, sha256);

create table materials (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  file_id int not null references files(id) on delete cascade,
  user_id int not null references users(id),
  title text not null,
  created_at timestamptz not null default now()
);
create index materials_ent on materials(enterprise_id, id desc);

alter table files enable row level security;
alter table materials enable row level security;
create policy tenant on files using (enterprise_id = app_enterprise());
create policy tenant on materials using (enterprise_id = app_enterprise());

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
