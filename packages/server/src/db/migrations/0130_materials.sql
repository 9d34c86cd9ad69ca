-- The materials library (issue 9 §1): a video's poster frame (a small image the console captures
-- at upload, a file of kind 'poster'), and the lookups of "already in the library?" and "where used".
alter table materials add column poster_file_id int references files(id) on delete set null;
create index materials_file on materials(enterprise_id, file_id);

-- the bulk path (imports, the demo) draws ids with nextval: the advertising tables' sequences too
grant usage, select on all sequences in schema public to vitrine_app;
