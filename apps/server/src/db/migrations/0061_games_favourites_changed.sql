-- A member's favourite games are held by each process with the member's own reads (platform/member-cache.ts):
-- the table's trigger tells every process on the real-time channel, whoever writes it. NOTIFY leaves at commit,
-- and the same member told twice in one transaction is told once.
create function notify_favourites_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('tessera_events', json_build_object('favouritesChanged', old.member_id)::text);
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('tessera_events', json_build_object('favouritesChanged', new.member_id)::text);
  end if;
  return null;
end
$$;
create trigger game_favourites_changed after insert or update or delete on game_favourites
  for each row execute function notify_favourites_changed();
