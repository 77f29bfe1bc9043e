-- The console's dashboard refreshes when its queues change (issue 25): a deposit, a withdrawal or a promotion
-- application inserted or changing status is told to operators' sockets as console.changed, by the table itself
-- whoever writes it (like 0045's content tables). One NOTIFY per statement; identical ones of a transaction are
-- sent once, at commit.
create function notify_console_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('tessera_events', json_build_object(
    'to', 'operators',
    'event', json_build_object('type', 'console.changed', 'areas', json_build_array(tg_argv[0]))
  )::text);
  return null;
end
$$;

create trigger deposits_console_changed after insert or update of status on deposits
  for each statement execute function notify_console_changed('deposits');
create trigger withdrawals_console_changed after insert or update of status on withdrawals
  for each statement execute function notify_console_changed('withdrawals');
create trigger promotion_entries_console_changed after insert or update of status on promotion_entries
  for each statement execute function notify_console_changed('applications');
