-- Every process holds public content (platform/content-cache.ts) and the callers behind session tokens
-- (platform/caller-cache.ts): a change to a table they read is told to every process on the real-time channel by
-- the table itself, whoever writes it (an operator, a job, a script). One NOTIFY per statement; PostgreSQL sends
-- identical ones of a transaction once, at commit.
create function notify_content_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('tessera_events', json_build_object('tablesChanged', tg_table_name)::text);
  return null;
end
$$;

do $$
declare
  name text;
begin
  foreach name in array array[
    'site_settings', 'module_flags', 'register_rules', 'download_resources', 'domains', 'region_rules', 'languages',
    'merchant', 'countries', 'message_templates', 'announcements', 'banners', 'banner_versions', 'notices',
    'help_articles', 'help_categories', 'games', 'game_vendors', 'game_types', 'game_providers', 'operators'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I
       for each statement execute function notify_content_changed()',
      name || '_content_changed', name);
  end loop;
end
$$;
