-- Agents' tree (A1): affiliate links and the indexes of the team searches. The tree itself (members.agent_path and
-- its triggers) is 0025's.

-- An agent's affiliate links: a visitor who registers with the link's code lands under the agent with the link's
-- account type (0 member, 1 agent). Codes are unique whatever their case, and never an agent's own default code
-- (members.affiliate_code; the service checks both). A removed link keeps its counts but its code stops working.
create table agent_links (
  id int generated always as identity primary key,
  agent_id int not null references members (id),
  code text not null,
  account_type int not null check (account_type in (0, 1)),
  note text not null default '',
  clicks int not null default 0,
  signups int not null default 0,
  created_at timestamptz not null,
  removed_at timestamptz
);
create unique index agent_links_code on agent_links (lower(code));
create index agent_links_agent on agent_links (agent_id, id) where removed_at is null;

-- The team search by user name prefix (lower(username) like 'abc%') and the console's list of top-level agents.
create index members_username_prefix on members (lower(username) text_pattern_ops);
create index members_top_agents on members (id) where upline_id is null and type in (1, 2, 41, 42);
