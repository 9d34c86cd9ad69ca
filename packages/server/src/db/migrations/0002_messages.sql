-- Messages (the /news centre): one row per recipient, in both languages, produced by real events.
create table messages (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  kind text not null,
  title_zh text not null,
  title_en text not null,
  body_zh text not null default '',
  body_en text not null default '',
  link text not null default '',
  status smallint not null default 401,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index messages_user on messages(user_id, enterprise_id, status, id desc);

grant select, insert, update, delete on messages to vitrine_app;
alter table messages enable row level security;
-- A recipient reads their own messages in any enterprise; writers act within the enterprise.
create policy tenant on messages using (enterprise_id = app_enterprise() or user_id = app_user());
