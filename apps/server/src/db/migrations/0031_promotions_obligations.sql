-- Turnover obligations (the rollover): every credit that carries a wagering requirement (a deposit at the wallet
-- settings' multiple, a bonus, a rebate, salary, points converted, an operator's adjustment) opens one, and settled
-- valid stakes fill the oldest open ones in scope. A withdrawal waits while more than the operator's tolerance
-- remains on open, unexpired obligations. This replaces the single counter of wallet_turnover.
create table turnover_obligations (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  source_kind text not null check (source_kind in ('deposit', 'bonus', 'rebate', 'salary', 'points', 'adjustment')),
  -- The credit that opened it (a deposit's order number, a bonus's claim …); one obligation per credit.
  source_ref text not null,
  -- The credit, and the turnover it requires (minor units).
  amount bigint not null check (amount >= 0),
  required bigint not null check (required >= 0),
  contributed bigint not null default 0 check (contributed >= 0 and contributed <= required),
  -- A product type (game_types.code) the obligation counts stakes of; null: every product type.
  product_scope text references game_types (code),
  status text not null default 'open' check (status in ('open', 'met', 'expired', 'cancelled')),
  created_at timestamptz not null,
  expires_at timestamptz,
  closed_at timestamptz,
  cancel_reason text,
  cancelled_by int,
  unique (member_id, source_kind, source_ref)
);
-- The open obligations of a member, oldest first: the order stakes fill them in.
create index turnover_obligations_open on turnover_obligations (member_id, created_at, id) where status = 'open';

-- What each settled round contributed to which obligation, so that a round counts once and a stake reversed after
-- its round settled takes back exactly what it gave.
create table turnover_contributions (
  round_id bigint not null references game_rounds (id),
  obligation_id bigint not null references turnover_obligations (id),
  amount bigint not null check (amount > 0),
  primary key (round_id, obligation_id)
);
create index turnover_contributions_obligation on turnover_contributions (obligation_id);

-- The part of a round's stake that counts no turnover (a low-risk pattern of a house table: both sides of an
-- even-money bet, roulette covering most of the wheel), and the weighted valid stake the round counted so far.
alter table game_rounds add column low_risk_stake bigint not null default 0 check (low_risk_stake >= 0),
  add column turnover_counted bigint not null default 0 check (turnover_counted >= 0);

-- What members already wagered stays: each counter still owing becomes one open obligation with what it required and
-- what was wagered so far (a counter already met leaves nothing owing).
insert into turnover_obligations (member_id, source_kind, source_ref, amount, required, contributed, status, created_at)
select member_id, 'adjustment', 'migrated-turnover', required, required, least(wagered, required), 'open', updated_at
from wallet_turnover
where required > wagered;

drop table wallet_turnover;
