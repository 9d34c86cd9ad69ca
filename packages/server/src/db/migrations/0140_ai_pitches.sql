-- AI customer-acquisition pitches (issue 9 §4): per gender and age band, enterprise-wide (scope
-- empty) or overriding it for areas or shops; a lifecycle record like the other advertising ones.
create table ai_pitches (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  author_id int not null references users(id),
  version int not null default 1,
  status smallint not null default 101,
  live_version int,
  online smallint not null default 301,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  gender smallint not null,
  age_band smallint not null,
  text text not null,
  audio_id int,
  content_id int,
  commodity_id int,
  scope jsonb not null default '{}'
);
create index ai_pitches_live on ai_pitches(enterprise_id) where live_version is not null and deleted_at is null;
alter table ai_pitches enable row level security;
create policy tenant on ai_pitches using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on ai_pitches to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
