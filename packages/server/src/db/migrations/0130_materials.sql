-- The materials library (issue 9 §1).
-- A video's poster frame: a small image the console captures at upload, a file of kind 'poster'.
alter table materials add column poster_file_id int references files(id) on delete set null;
create index materials_poster on materials(poster_file_id) where poster_file_id is not null;

-- One entry per file (a file is one content of one enterprise: files_ent_hash): entries that
-- file/save made twice before this migration are merged into the first. File ids are unique
-- across enterprises, so the key is the file alone; the index also serves the cascade from files.
delete from materials m using materials o where o.file_id = m.file_id and o.id < m.id;
create unique index materials_file on materials(file_id);

grant select, insert, update, delete on materials to vitrine_app;

-- the bulk path (imports, the demo) draws ids with nextval: the advertising tables' sequences too
grant usage, select on all sequences in schema public to vitrine_app;
