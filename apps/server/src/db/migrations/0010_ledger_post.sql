-- A ledger posting in one round trip: the transaction row (once per key), each leg's account moved under its row
-- lock in the order given (created on first use), and its entry with the balance before and after. A player's
-- account that would go below zero aborts the whole posting with 'insufficient_balance'. The deferred trigger of
-- 0007 still checks at commit that the entries balance.
create function ledger_post(
  p_key text, p_kind text, p_member int, p_reference text, p_remark text, p_operator int, p_at timestamptz,
  p_codes text[], p_kinds text[], p_units text[], p_members int[], p_vendors text[], p_amounts bigint[]
) returns table (transaction_id bigint, replayed boolean) language plpgsql as $$
declare
  v_tx bigint;
  v_account bigint;
  v_after bigint;
begin
  insert into ledger_transactions (idempotency_key, kind, member_id, reference, remark, operator_id, created_at)
    values (p_key, p_kind, p_member, p_reference, p_remark, p_operator, p_at)
    on conflict (idempotency_key) do nothing
    returning id into v_tx;
  if v_tx is null then
    return query select t.id, true from ledger_transactions t where t.idempotency_key = p_key;
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
  return query select v_tx, false;
end $$;
