-- The community chat room (the chat area, modules/chat; issue 26 part 2) and the external live chat's received
-- events (part 3). Messages are stored as plain text; the site renders them as text, never as HTML.
create table chat_rooms (
  id int generated always as identity primary key,
  name text not null,
  description text not null default '',
  min_club_rank int not null default 0 check (min_club_rank between 0 and 99),
  deposit_within_days int check (deposit_within_days between 1 and 365),
  label text,
  slow_mode_seconds int not null default 0 check (slow_mode_seconds >= 0),
  notice text,
  enabled boolean not null default true,
  sort int not null default 0,
  created_at timestamptz not null
);

create table chat_messages (
  id bigint generated always as identity primary key,
  room_id int not null references chat_rooms (id),
  -- null for a notice the staff posted
  member_id int references members (id),
  kind text not null check (kind in ('text', 'sticker', 'notice', 'win')),
  body text not null,
  author text not null,
  moderator boolean not null default false,
  -- a big win's card: the win it tells of (player, amount in major units, game), posted once per room by source_key
  card jsonb,
  source_key text,
  hidden_at timestamptz,
  created_at timestamptz not null
);
create unique index chat_messages_source on chat_messages (room_id, source_key) where source_key is not null;
create index chat_messages_room on chat_messages (room_id, id desc);
create index chat_messages_member on chat_messages (member_id, created_at desc) where member_id is not null;

-- A member in a room: moderator or not, a mute or kick until a time, the last message read and the last one sent.
create table chat_room_members (
  room_id int not null references chat_rooms (id),
  member_id int not null references members (id),
  moderator boolean not null default false,
  muted_until timestamptz,
  kicked_until timestamptz,
  last_read_id bigint not null default 0,
  last_sent_at timestamptz,
  primary key (room_id, member_id)
);

-- The external live chat's events (Chatwoot webhooks), once each by the provider's event key, and the messages
-- they carried: a webhook sent twice stores one message.
create table chat_live_messages (
  id bigint generated always as identity primary key,
  provider text not null,
  event_key text not null,
  member_id int references members (id),
  conversation_ref text not null,
  direction text not null check (direction in ('in', 'out', 'status')),
  body text not null,
  created_at timestamptz not null,
  unique (provider, event_key)
);
create index chat_live_messages_member on chat_live_messages (member_id, id);

create table chat_live_reads (
  member_id int primary key references members (id),
  last_read_id bigint not null default 0
);
