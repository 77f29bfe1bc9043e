-- Red envelopes (issue 22, agent centre): an agent splits an amount from its main wallet across members of its
-- team, fixed (equal) or random shares, as one ledger posting of kind red_envelope (its transaction kept here).
create table agent_red_envelopes (
  id int generated always as identity primary key,
  agent_id int not null references members (id),
  total bigint not null check (total > 0),
  split text not null check (split in ('fixed', 'random')),
  recipient_count int not null check (recipient_count between 1 and 200),
  transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null
);
create index agent_red_envelopes_agent on agent_red_envelopes (agent_id, created_at desc, id desc);

-- Each recipient's share, in the order the agent listed them (position from 0); every share at least one minor unit.
create table agent_red_envelope_shares (
  envelope_id int not null references agent_red_envelopes (id),
  position int not null,
  member_id int not null references members (id),
  amount bigint not null check (amount > 0),
  primary key (envelope_id, position),
  unique (envelope_id, member_id)
);
