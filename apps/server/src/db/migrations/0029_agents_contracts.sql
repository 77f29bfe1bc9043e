-- Agent contracts (A3): the operator's reusable contract templates, which template an offer came from, and the
-- index the expiry of offers reads. Tiers are stored as in agent_contracts (0025): money in minor units as decimal
-- strings, a 'P' rate in millionths of the base, an 'F' rate in minor units.
create table agent_contract_templates (
  id bigint generated always as identity primary key,
  name text not null,
  kind text not null check (kind in ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  product text not null,
  tiers jsonb not null,
  period text not null default 'semimonthly' check (period in ('daily', 'weekly', 'semimonthly', 'monthly')),
  carry text not null default 'month' check (carry in ('none', 'month', 'forever')),
  net_loss_parts jsonb not null default '["bonuses", "rebates", "salaries"]',
  created_by int references operators (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  removed_at timestamptz
);

alter table agent_contracts add column template_id bigint references agent_contract_templates (id);

-- Offers waiting for an answer, by when they expire (the expiry job).
create index agent_contracts_expiring on agent_contracts (expires_at) where status in ('pending', 'edited');
-- An agent's contracts and the ones it gave, newest first (agent centre history).
create index agent_contracts_agent on agent_contracts (agent_id, id desc);
