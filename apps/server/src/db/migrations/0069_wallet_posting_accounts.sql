-- A posting answers, when asked, its member's accounts after its legs (kind, vendor and balance, the balance as
-- text: JSON numbers stop at 2^53), read inside ledger_post, in the posting's own round trip: a wallet transfer
-- answers its balances without reading them again. Callers that do not ask get null, as before.
create function ledger_member_accounts(p_member int, p_wanted boolean) returns jsonb language sql stable as $$
  select case when p_wanted and p_member is not null then
    (select coalesce(jsonb_agg(jsonb_build_object('kind', a.kind, 'vendor', a.vendor, 'balance', a.balance::text)
       order by a.kind, a.vendor), '[]'::jsonb)
     from ledger_accounts a where a.member_id = p_member)
  end
$$;

drop function ledger_post(text, text, int, text, text, int, timestamptz, text[], text[], text[], int[], text[], bigint[]);
create function ledger_post(
  p_key text, p_kind text, p_member int, p_reference text, p_remark text, p_operator int, p_at timestamptz,
  p_codes text[], p_kinds text[], p_units text[], p_members int[], p_vendors text[], p_amounts bigint[],
  p_accounts boolean default false
) returns table (transaction_id bigint, replayed boolean, accounts jsonb) language plpgsql as $$
declare
  v_tx bigint;
  v_account bigint;
  v_after bigint;
  v_spender int;
  v_total bigint;
begin
  insert into ledger_transactions (idempotency_key, kind, member_id, reference, remark, operator_id, created_at)
    values (p_key, p_kind, p_member, p_reference, p_remark, p_operator, p_at)
    on conflict (idempotency_key) do nothing
    returning id into v_tx;
  if v_tx is null then
    return query select t.id, true, ledger_member_accounts(p_member, p_accounts)
      from ledger_transactions t where t.idempotency_key = p_key;
    return;
  end if;
  for i in 1 .. array_length(p_codes, 1) loop
    update ledger_accounts a set balance = a.balance + p_amounts[i], updated_at = p_at
      where a.code = p_codes[i] and (a.member_id is null or a.balance + p_amounts[i] >= 0)
      returning a.id, a.balance into v_account, v_after;
    if not found then
      insert into ledger_accounts (code, kind, unit, member_id, vendor, balance, updated_at)
        values (p_codes[i], p_kinds[i], p_units[i], p_members[i], p_vendors[i], 0, p_at)
        on conflict (code) do nothing;
      update ledger_accounts a set balance = a.balance + p_amounts[i], updated_at = p_at
        where a.code = p_codes[i] and (a.member_id is null or a.balance + p_amounts[i] >= 0)
        returning a.id, a.balance into v_account, v_after;
      if not found then
        raise exception 'insufficient_balance' using errcode = 'P0001', detail = p_codes[i];
      end if;
    end if;
    insert into ledger_entries (transaction_id, account_id, amount, balance_before, balance_after, created_at)
      values (v_tx, v_account, p_amounts[i], v_after - p_amounts[i], v_after, p_at);
  end loop;
  for v_spender in
    select distinct l.member from unnest(p_members, p_kinds) as l(member, kind)
    where l.member is not null and l.kind in ('main', 'vendor') order by 1
  loop
    select coalesce(sum(a.balance), 0) into v_total from ledger_accounts a
      where a.member_id = v_spender and a.kind in ('main', 'vendor');
    perform pg_notify('tessera_events', json_build_object('balance', json_build_object(
      'member', v_spender, 'minor', v_total::text, 'currency', (select m.currency from merchant m limit 1)))::text);
  end loop;
  return query select v_tx, false, ledger_member_accounts(p_member, p_accounts);
end $$;
