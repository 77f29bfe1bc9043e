-- Raffle prizes' stock as a total, and the hand-over of physical prizes (the raffle area; issue 24 parts 5 and 7).

-- stock was "prizes left", which the console saved over: an operator saving while draws ran wrote back the stock
-- they had read, undoing the draws in between. It is now the total ever stocked (null: unlimited) and left is
-- stock - won, so a save sets the total and the draws' won counts stay theirs. A draw still takes the prize rows
-- for update and only wins a prize while won < stock; the check holds it too.
alter table raffle_prizes drop constraint raffle_prizes_stock_check;
update raffle_prizes set stock = stock + won where stock is not null;
alter table raffle_prizes add constraint raffle_prizes_stock_check check (stock is null or (stock >= 0 and won <= stock));

-- A physical prize won is handed over by an operator: pending until handed over (with the note the member reads:
-- how and when, a tracking number) or cancelled (with the reason; the prize goes back into stock). Null for the
-- other kinds, which are credited in the draw.
alter table raffle_draws
  add column handover text check (handover in ('pending', 'handed_over', 'cancelled')),
  add column handover_note text,
  add column handover_by int references operators (id),
  add column handover_at timestamptz;
update raffle_draws d set handover = 'pending' from raffle_prizes p where p.id = d.prize_id and p.kind = 'physical';
create index raffle_draws_handover on raffle_draws (handover, id desc) where handover is not null;
create index raffle_draws_member on raffle_draws (member_id, id desc);
