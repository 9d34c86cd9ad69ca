-- Who uploaded each file (issue 24 §1). A file row is one per enterprise and content: the same bytes
-- uploaded again by another member give back the first row, so files.user_id names only the first
-- uploader. file/url and file/info sign a file for its uploaders and for readers of a record that
-- holds it (domains/files/reach.ts); every member who sent the bytes is kept here.
create table file_uploaders (
  enterprise_id int not null references enterprises(id) on delete cascade,
  file_id int not null references files(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (file_id, user_id)
);
insert into file_uploaders (enterprise_id, file_id, user_id, created_at)
  select enterprise_id, id, user_id, created_at from files;
alter table file_uploaders enable row level security;
create policy tenant on file_uploaders using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on file_uploaders to vitrine_app;

-- Finding the records that hold a file (domains/files/reach.ts), without scanning: versions of the
-- entities whose data names files, receipts' photos, commands' screenshots.
create index record_versions_files on record_versions using gin (data jsonb_path_ops)
  where entity in ('commodity', 'ad-content', 'inform', 'inform2');
create index inform_receipts_photo on inform_receipts (enterprise_id, photo_file_id) where photo_file_id is not null;
create index device_commands_file on device_commands (enterprise_id, (result->'fileId')) where result ? 'fileId';
