-- What a member's own reads answer is held by each process (platform/member-cache.ts): a change is told to every
-- process on the real-time channel by whoever makes it.

-- The member's row: its table's trigger, whoever writes it (a login, the member, an operator, a job).
create function notify_member_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('tessera_events',
    json_build_object('memberChanged', case when tg_op = 'DELETE' then old.id else new.id end)::text);
  return null;
end
$$;
create trigger members_member_changed after update on members
  for each row when (old is distinct from new) execute function notify_member_changed();
create trigger members_member_deleted after delete on members
  for each row execute function notify_member_changed();

-- The member's balance: ledger_post itself tells, after the legs, each member whose spendable balance (main and
-- vendor wallets) it moved, with that balance in minor units and the merchant's currency (each process turns it
-- into the wallet.changed event of the member's pages), in the posting's own round trip. NOTIFY leaves at commit.
create or replace function ledger_post(
  p_key text, p_kind text, p_member int, p_reference text, p_remark text, p_operator int, p_at timestamptz,
  p_codes text[], p_kinds text[], p_units text[], p_members int[], p_vendors text[], p_amounts bigint[]
) returns table (transaction_id bigint, replayed boolean) language plpgsql as $$
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
  for v_spender in
    select distinct l.member from unnest(p_members, p_kinds) as l(member, kind)
    where l.member is not null and l.kind in ('main', 'vendor') order by 1
  loop
    select coalesce(sum(a.balance), 0) into v_total from ledger_accounts a
      where a.member_id = v_spender and a.kind in ('main', 'vendor');
    perform pg_notify('tessera_events', json_build_object('balance', json_build_object(
      'member', v_spender, 'minor', v_total::text, 'currency', (select m.currency from merchant m limit 1)))::text);
  end loop;
  return query select v_tx, false;
end $$;
