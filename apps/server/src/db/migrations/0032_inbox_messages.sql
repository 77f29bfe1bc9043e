-- The inbox (issue 23 part 8): a member deletes a message from the inbox (soft, kept for the record).
alter table member_messages add column deleted_at timestamptz;
create index member_messages_unread on member_messages (member_id) where read_at is null and deleted_at is null;

-- Operators' broadcasts: one row per broadcast, whatever the number of members it is meant for (everyone, one VIP
-- level, one member label). A member receives it when registered by the time it was sent and, for a level or a
-- label, holding it when reading. texts: [{language, title, content (sanitised HTML)}].
create table inbox_broadcasts (
  id bigint generated always as identity primary key,
  audience text not null check (audience in ('all', 'vip', 'label')),
  club_rank int check (club_rank between 0 and 99),
  label text,
  texts jsonb not null,
  created_by int not null references operators (id),
  created_at timestamptz not null,
  withdrawn_at timestamptz,
  check ((audience = 'vip') = (club_rank is not null)),
  check ((audience = 'label') = (label is not null))
);
create index inbox_broadcasts_live on inbox_broadcasts (created_at) where withdrawn_at is null;

-- A member's own state of a broadcast, written only when the member reads or deletes it.
create table inbox_broadcast_marks (
  member_id int not null references members (id),
  broadcast_id bigint not null references inbox_broadcasts (id),
  read_at timestamptz,
  deleted_at timestamptz,
  primary key (member_id, broadcast_id)
);
create index inbox_broadcast_marks_broadcast on inbox_broadcast_marks (broadcast_id);

-- Feedback from the site (part 9): a question type and what the member wrote; an operator replies (the reply goes
-- to the member's inbox) or closes it.
create table member_feedback (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  type text not null,
  content text not null,
  status text not null default 'new' check (status in ('new', 'replied', 'closed')),
  reply text,
  replied_by int references operators (id),
  replied_at timestamptz,
  created_at timestamptz not null
);
create index member_feedback_status on member_feedback (status, created_at desc);
create index member_feedback_member on member_feedback (member_id, created_at desc);
