-- The record lifecycle (docs/decisions/0004-record-lifecycle.md): each entity has its own table
-- (the record: its enabled data in typed columns, head status, online flag, soft delete); every
-- version of every record lives here, its data as jsonb.
create table record_versions (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  entity text not null,
  record_id int not null,
  version int not null,
  status smallint not null default 101 check (status in (101, 102, 103, 104)),
  apply_status smallint check (apply_status in (201, 202, 203)),
  data jsonb not null,
  author_id int not null references users(id),
  reviewer_id int references users(id),
  reason text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  submitted_at timestamptz,
  reviewed_at timestamptz,
  -- an own draft moved to its author's recycle bin
  deleted_at timestamptz,
  unique (enterprise_id, entity, record_id, version)
);
create index record_versions_author on record_versions(enterprise_id, entity, author_id, status);
create index record_versions_review on record_versions(enterprise_id, entity, status) where status = 102;

alter table record_versions enable row level security;
create policy tenant on record_versions using (enterprise_id = app_enterprise());

create index oplog_entity on oplog(enterprise_id, entity, entity_id, id desc);

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
