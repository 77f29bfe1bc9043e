-- Agents' settlement (modules/agents/settlement*.ts): the runs of the settlement jobs with their totals and the
-- bills that failed, and on the bills the operator's decisions (two-person approval of a large dividend, rejection,
-- reversal) and the payments made towards them.

-- One run per (kind, period): a job slot's settlement of every contract of that kind for one window, hour, day or
-- dividend period. A retried slot updates its run.
create table agent_settlement_runs (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  period_start timestamptz not null,
  period_end timestamptz not null,
  started_at timestamptz not null,
  finished_at timestamptz,
  bills int not null default 0,
  -- Minor units: what the bills of the run came to, and what was paid.
  total_amount bigint not null default 0,
  total_paid bigint not null default 0,
  -- The contracts whose bill could not be made, as [{agentId, product, error}] (the job retries the run).
  failures jsonb not null default '[]',
  unique (kind, period_start, period_end)
);
create index agent_settlement_runs_recent on agent_settlement_runs (started_at desc);

alter table agent_bills
  add column run_id bigint references agent_settlement_runs (id),
  -- The first of two operators when a dividend above the threshold needs a second approval.
  add column first_approved_by int references operators (id),
  add column first_approved_at timestamptz,
  add column rejected_by int references operators (id),
  add column rejected_at timestamptz,
  -- Why the operator rejected or reversed it (their own words).
  add column reason text not null default '',
  -- Payments made towards the bill (each one ledger posting); a later retry pays the rest of a partly paid bill.
  add column payments int not null default 0;
create index agent_bills_kind on agent_bills (kind, period_start desc);
create index agent_bills_run on agent_bills (run_id) where run_id is not null;
