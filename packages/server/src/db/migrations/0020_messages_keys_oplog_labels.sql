-- Messages are stored as a catalogue key plus parameters and rendered in the reader's language when
-- read (docs/decisions/0021). Rows written before keep their two texts under the key
-- message.legacy, whose template in each language is that language's text, so they read as before.
alter table messages add column title jsonb;
alter table messages add column body jsonb;
update messages set
  title = jsonb_build_object('key', 'message.legacy', 'params', jsonb_build_object('zh', title_zh, 'en', title_en)),
  body = case when body_zh = '' and body_en = '' then null
              else jsonb_build_object('key', 'message.legacy', 'params', jsonb_build_object('zh', body_zh, 'en', body_en)) end;
alter table messages alter column title set not null;
alter table messages drop column title_zh;
alter table messages drop column title_en;
alter table messages drop column body_zh;
alter table messages drop column body_en;

-- The operation log names what it touched (docs/decisions/0020): the record's name at the time.
alter table oplog add column label text not null default '';

-- Enterprise memberships were logged as entity 'member', the same word as the shops' members
-- (customers): a member's record log could show another person's membership. They become 'membership'.
update oplog set entity = 'membership'
 where entity = 'member' and ((summary->'after') ? 'invitation' or (summary->'before') ? 'roles');

-- Labels for the rows already written: from the summary where it holds a name, else the record.
update oplog set label = coalesce(summary->'after'->>'name', summary->'before'->>'name', summary->'after'->>'title',
                                  summary->'before'->>'title', summary->'before'->>'nickname', '')
 where label = '' and summary is not null;
do $$
declare r record;
begin
  for r in select * from (values ('shop', 'shops'), ('et', 'store_points'), ('employee', 'employees'), ('member', 'shop_members'),
                                 ('device', 'devices'), ('job-menus', 'jobs')) as v(entity, tbl) loop
    execute format('update oplog o set label = t.name from %I t
                     where o.label = %L and o.entity = %L and t.enterprise_id = o.enterprise_id and o.entity_id = t.id::text', r.tbl, '', r.entity);
  end loop;
end $$;
update oplog o set label = e.title from enterprises e
 where o.label = '' and o.entity = 'enterprise' and o.entity_id = e.id::text;
update oplog o set label = coalesce(nullif(u.nickname, ''), u.phone) from users u
 where o.label = '' and o.entity in ('membership', 'admin', 'member-roles') and o.entity_id = u.id::text;
update oplog o set label = coalesce(nullif(u.nickname, ''), u.phone) from role_entries re join users u on u.id = re.user_id
 where o.label = '' and o.entity = 'data-range' and re.enterprise_id = o.enterprise_id and o.entity_id = re.id::text;
update oplog o set label = coalesce(nullif(u.nickname, ''), u.phone) from join_applications ja join users u on u.id = ja.user_id
 where o.label = '' and o.entity = 'join-apply' and ja.enterprise_id = o.enterprise_id and o.entity_id = ja.id::text;

-- A record's log reads by (enterprise, entity, id), newest first.
create index oplog_record on oplog(enterprise_id, entity, entity_id, id desc);
