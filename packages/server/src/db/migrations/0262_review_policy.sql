-- An enterprise's review policy (issue 25 §1, DESIGN §5): 0 — when nobody else may review a
-- submission, its author approves it if they hold the examine bit over it (logged as a
-- self-approved pass); 1 — a second person must approve. Off for every enterprise, existing ones
-- included: a sole admin could not publish anything before.
alter table enterprises add column review_policy smallint not null default 0 check (review_policy in (0, 1));
