-- Ad contents (issue 9 §3): what a screen shows, composed of materials (files of kind 'material'),
-- products and music; an enterprise-wide lifecycle record. Typed columns hold the enabled version's
-- data (or the first draft's until approval), as in 0007. `items` and `bgm` hold objects with a
-- numeric `fileId` (the materials library asks which contents use a file by these two columns).
create table ad_contents (
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
  name text not null,
  ad_type text not null,
  device_type text not null default 'big',
  orientation smallint not null default 1,
  items jsonb not null default '[]',
  commodity_ids jsonb not null default '[]',
  spec_names jsonb not null default '[]',
  layout text not null default 'full',
  bgm jsonb not null default '[]',
  volume smallint not null default 60
);
create index ad_contents_live on ad_contents(enterprise_id, ad_type) where live_version is not null and deleted_at is null;
alter table ad_contents enable row level security;
create policy tenant on ad_contents using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on ad_contents to vitrine_app;

-- Ad plans: the default plan that fills gaps, AI pitches on or off, background music.
alter table ad_plans add column is_default smallint not null default 0;
alter table ad_plans add column ai_pitches smallint not null default 0;
alter table ad_plans add column bgm_content_id int;
