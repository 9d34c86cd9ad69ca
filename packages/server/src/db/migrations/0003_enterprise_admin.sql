-- Enterprise administration (issue 3): invitations, and indexes for the admin lists.

-- An invitation link /inlog?invite=<token>: only the token's SHA-256 is stored; single use,
-- expiring after 7 days. dept/job null = the enterprise's default department / shop-assistant job.
create table invitations (
  id int generated always as identity primary key,
  enterprise_id int not null references enterprises(id) on delete cascade,
  token_hash text not null unique,
  inviter_id int not null references users(id),
  dept_id int references departments(id) on delete set null,
  job_id int references jobs(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_by int references users(id),
  used_at timestamptz
);
create index invitations_ent on invitations(enterprise_id, id desc);

alter table invitations enable row level security;
create policy tenant on invitations using (enterprise_id = app_enterprise());

-- The one way to learn which enterprise a token belongs to before the caller is in it (public
-- invite-info, accept-invite): it answers the enterprise id for a token hash and nothing else.
create function invitation_enterprise(hash text) returns int language sql stable security definer
  set search_path = public as
  $$ select enterprise_id from invitations where token_hash = hash $$;
revoke all on function invitation_enterprise(text) from public;
grant execute on function invitation_enterprise(text) to vitrine_app;

create index role_entries_dept on role_entries(enterprise_id, dept_id);
create index role_entries_job on role_entries(enterprise_id, job_id);
create index join_applications_ent on join_applications(enterprise_id, status, id desc);
create index oplog_user on oplog(enterprise_id, user_id, created_at desc);

grant select, insert, update, delete on all tables in schema public to vitrine_app;
grant usage, select on all sequences in schema public to vitrine_app;
