-- Platform for money: idempotency keys, jobs (with scheduled slots and the outbox), queued mail and SMS.

-- The key of a non-repeatable request and its first answer, written in the transaction of the effect.
create table idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  answer jsonb,
  created_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);

-- Work done after a commit: outbox deliveries, scheduled slots, retries. A worker claims due rows with
-- FOR UPDATE SKIP LOCKED and a lease; a row whose lease ended is taken over. `slot` makes each slot of a schedule
-- one row, so a slot runs once however many processes schedule it.
create table jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'dead')),
  run_at timestamptz not null,
  attempts int not null default 0,
  max_attempts int not null check (max_attempts > 0),
  lease_until timestamptz,
  worker text,
  last_error text not null default '',
  slot text unique,
  created_at timestamptz not null,
  finished_at timestamptz
);
create index jobs_due on jobs (run_at) where status in ('queued', 'running');
create index jobs_status on jobs (status, id desc);

-- The last slot each schedule has put into jobs.
create table job_schedules (
  name text primary key,
  last_slot timestamptz not null
);

-- A committed job wakes the runners of every process at once (NOTIFY leaves on commit).
create function jobs_wake() returns trigger language plpgsql as $$
begin
  perform pg_notify('tessera_jobs', new.kind);
  return null;
end;
$$;
create trigger jobs_wake after insert on jobs for each row execute function jobs_wake();

-- Mail and SMS wait in their outbox as 'queued' until the delivery job has sent them.
alter table mail_outbox drop constraint mail_outbox_status_check;
alter table mail_outbox add constraint mail_outbox_status_check
  check (status in ('outbox', 'queued', 'sent', 'failed'));
alter table mail_outbox add column secret text not null default '';
alter table mail_outbox add column sent_at timestamptz;
alter table sms_outbox drop constraint sms_outbox_status_check;
alter table sms_outbox add constraint sms_outbox_status_check
  check (status in ('outbox', 'queued', 'sent', 'failed'));
alter table sms_outbox add column secret text not null default '';
alter table sms_outbox add column sent_at timestamptz;
