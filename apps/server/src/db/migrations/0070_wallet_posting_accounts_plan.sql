-- A posting's answered accounts (migration 0069) without planning their query on every posting: a SQL function
-- whose body holds a subquery is not inlined, and PostgreSQL 15 parses and plans such a function's body again in
-- every statement that calls it (0.5 ms of ledger_post's 1.7 ms in a wallet transfer on a loaded machine, by
-- pg_stat_statements with track = all). A PL/pgSQL function keeps its statements' plans for the session. Same
-- arguments, same answer.
create or replace function ledger_member_accounts(p_member int, p_wanted boolean) returns jsonb
language plpgsql stable as $$
begin
  if p_wanted and p_member is not null then
    return (select coalesce(jsonb_agg(jsonb_build_object('kind', a.kind, 'vendor', a.vendor, 'balance', a.balance::text)
              order by a.kind, a.vendor), '[]'::jsonb)
            from ledger_accounts a where a.member_id = p_member);
  end if;
  return null;
end $$;
