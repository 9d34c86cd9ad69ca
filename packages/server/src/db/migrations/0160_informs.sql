-- Notifications (inform) and announcements (inform2) to shops (issue 12 §1): lifecycle records aimed
-- at areas and shops (record_targets) and at roles; sent once after approval, each recipient then
-- holds a receipt (delivered, read, confirmed, reminded). Lifecycle columns as in 0007.
create table informs (
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
  title text not null,
  body text not null default '',
  attachments jsonb not null default '[]',
  priority smallint not null default 1,
  targets jsonb not null default '{}',
  roles jsonb not null default '[1,2]',
  deadline bigint,
  sent_at timestamptz,
  sent_version int
);
-- announcements: the same shape (LIKE copies no foreign keys: added here), without a confirmation deadline
create table informs2 (like informs including all);
alter table informs2 drop column deadline,
  add foreign key (enterprise_id) references enterprises(id) on delete cascade, add foreign key (author_id) references users(id);

-- One row per recipient of a sent record: shop_id is the recipient's shop when their range is one shop.
create table inform_receipts (
  enterprise_id int not null references enterprises(id) on delete cascade,
  entity text not null check (entity in ('inform', 'inform2')),
  record_id int not null,
  user_id int not null references users(id) on delete cascade,
  role smallint not null,
  shop_id int,
  sent_at timestamptz not null default now(),
  read_at timestamptz,
  confirmed_at timestamptz,
  reminded_at timestamptz,
  reply text not null default '',
  photo_file_id int,
  primary key (enterprise_id, entity, record_id, user_id)
);
create index inform_receipts_user on inform_receipts (enterprise_id, user_id, entity, sent_at desc);
-- the reminder job's scan: unconfirmed, not yet reminded
create index inform_receipts_due on inform_receipts (entity, record_id) where confirmed_at is null and reminded_at is null;

-- The reminder job's first question, across enterprises (RLS hides them from the app role): which
-- enterprises have sent notifications due in (from, until] with someone not confirmed nor reminded.
create function inform_due_enterprises(from_epoch bigint, until_epoch bigint) returns table(enterprise_id int)
language sql stable security definer set search_path = public as $$
  select distinct i.enterprise_id from informs i
   where i.sent_at is not null and i.deleted_at is null and i.deadline > from_epoch and i.deadline <= until_epoch
     and exists (select 1 from inform_receipts r where r.enterprise_id = i.enterprise_id and r.entity = 'inform' and r.record_id = i.id
                   and r.confirmed_at is null and r.reminded_at is null)
$$;
revoke all on function inform_due_enterprises(bigint, bigint) from public;
grant execute on function inform_due_enterprises(bigint, bigint) to vitrine_app;

alter table informs enable row level security;
alter table informs2 enable row level security;
alter table inform_receipts enable row level security;
create policy tenant on informs using (enterprise_id = (select app_enterprise()));
create policy tenant on informs2 using (enterprise_id = (select app_enterprise()));
create policy tenant on inform_receipts using (enterprise_id = (select app_enterprise()));
grant select, insert, update, delete on informs, informs2, inform_receipts to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
