-- Play money (issue 32, item 13): a trial account (free play, isAgent 4) plays the house's games with play money,
-- a ledger unit of its own that never balances against money: the member's 'play' account against the house's
-- 'house:play'. Its rounds are marked, so that nothing of real money (the winners board) counts them; reports,
-- records and turnover read the money accounts only (main, vendor).
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check
  check (kind in ('main', 'vendor', 'points', 'pending', 'play', 'house', 'merchant'));
alter table ledger_accounts drop constraint ledger_accounts_unit_check;
alter table ledger_accounts add constraint ledger_accounts_unit_check check (unit in ('money', 'points', 'play'));

alter table game_rounds add column play_money boolean not null default false;
