-- The mall sells prize tickets too (issue 24 part 3): an item of kind `ticket` grants `tickets` per unit redeemed
-- (raffle/tickets.ts, at once: it completes like a bonus). A redemption keeps the tickets it granted.
alter table point_mall_items drop constraint point_mall_items_kind_check;
alter table point_mall_items add constraint point_mall_items_kind_check check (kind in ('bonus', 'physical', 'ticket'));
alter table point_mall_items add column tickets int not null default 0 check (tickets >= 0);
alter table point_mall_items add constraint point_mall_items_ticket_count check ((kind = 'ticket') = (tickets > 0));

alter table point_redemptions drop constraint point_redemptions_kind_check;
alter table point_redemptions add constraint point_redemptions_kind_check check (kind in ('bonus', 'physical', 'ticket'));
alter table point_redemptions add column tickets int not null default 0 check (tickets >= 0);
