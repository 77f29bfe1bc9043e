-- Built-in live customer service (issue 26 item 1): a member's conversations with the operators of the console's
-- support workspace. A member has at most one conversation that is not resolved; it waits in its team's queue until
-- an operator takes it (round robin among the team's available operators, each with a cap of open conversations).
-- Outside business hours a new conversation is pending (a message left for later) and joins the queue unassigned.

create table support_conversations (
  id bigserial primary key,
  member_id int not null references members (id),
  status text not null check (status in ('open', 'pending', 'resolved')),
  team text not null check (team in ('deposits', 'withdrawals', 'vip', 'general')),
  assignee_id int references operators (id),
  language text not null,
  created_at timestamptz not null,
  last_message_at timestamptz not null,
  -- The first operator reply, and the resolution: the console's response and resolution times per team.
  first_response_at timestamptz,
  resolved_at timestamptz,
  -- Read receipts: each side has read every message of the other side written until then.
  member_read_at timestamptz,
  operator_read_at timestamptz,
  -- The member's satisfaction after the conversation was resolved (1 to 5), once.
  rating int check (rating between 1 and 5),
  rated_at timestamptz
);
create unique index support_conversations_one_live on support_conversations (member_id) where status <> 'resolved';
create index support_conversations_queue on support_conversations (team, status, created_at);
create index support_conversations_assignee on support_conversations (assignee_id) where status <> 'resolved';

-- Messages: the member's and the operators' text (with up to 3 images), and operators' private notes that the
-- member never reads.
create table support_messages (
  id bigserial primary key,
  conversation_id bigint not null references support_conversations (id),
  sender text not null check (sender in ('member', 'operator', 'system')),
  operator_id int references operators (id),
  kind text not null check (kind in ('text', 'note')),
  body text not null,
  created_at timestamptz not null
);
create index support_messages_conversation on support_messages (conversation_id, id);
create index support_messages_member_rate on support_messages (conversation_id, created_at) where sender = 'member';

-- Images sent in a conversation, re-encoded on upload (as withdrawal proofs are) and served only to the
-- conversation's member and the support workspace.
create table support_images (
  id uuid primary key,
  message_id bigint not null references support_messages (id),
  conversation_id bigint not null references support_conversations (id),
  position int not null check (position between 0 and 2),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null,
  created_at timestamptz not null
);
create index support_images_message on support_images (message_id, position);

-- The operators who answer: their teams, whether they take conversations now, and how many open ones at most.
create table support_agents (
  operator_id int primary key references operators (id),
  teams text[] not null default '{general}',
  available boolean not null default false,
  capacity int not null default 6 check (capacity between 1 and 50),
  last_assigned_at timestamptz
);

-- Canned replies per language.
create table support_canned_replies (
  id serial primary key,
  language text not null,
  title text not null,
  body text not null,
  created_at timestamptz not null
);
create index support_canned_replies_language on support_canned_replies (language, title);

-- The workspace's settings (one row): business hours in the site's time zone, each day from..until (minutes after
-- midnight; from = until: closed all day).
create table support_settings (
  id boolean primary key default true check (id),
  time_zone text not null default 'UTC',
  hours jsonb not null default '[[0,1440],[0,1440],[0,1440],[0,1440],[0,1440],[0,1440],[0,1440]]'
);
insert into support_settings (id) values (true);
