-- Transfers of one member with one transfer-mode vendor reach the provider one at a time, oldest first: a balance
-- the provider answers is then a fact about every transfer before it. queued_at is when the transfer's job was
-- queued; null while an older transfer of the same member and vendor is still pending (it is queued when that one
-- ends).
alter table provider_transfers add column queued_at timestamptz;
update provider_transfers set queued_at = created_at;
-- When the transfer's job died without an answer: it stays pending for an operator, and no longer holds up the
-- member's next transfers.
alter table provider_transfers add column stalled_at timestamptz;
create index provider_transfers_waiting on provider_transfers (member_id, vendor, id) where status = 'pending';

-- A provider round an operator settled from the console (its win never came): who did. The provider's own late win
-- or rollback of such a round is refused, so the round is never paid twice.
alter table game_rounds add column settled_by int references operators (id);
create index game_rounds_open on game_rounds (started_at) where status = 'open';
