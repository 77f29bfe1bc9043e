-- Which operators have the console open (issue 26): a row per operator and server process that holds at least one
-- of the operator's console sockets (/ws), written when the first opens, deleted when the last closes, and touched
-- by the process every 20 s. The times are the database's own clock: a process that died leaves a row nobody
-- touches, which counts for nothing after 60 s. Support's round robin gives new conversations only to an operator
-- who is available and has such a row.
create table operator_presence (
  operator_id int not null references operators (id),
  -- host:pid:instance of the server process
  process_id text not null,
  seen_at timestamptz not null,
  primary key (operator_id, process_id)
);
