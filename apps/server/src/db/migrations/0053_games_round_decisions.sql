-- Interrupted house rounds (GLI-19): a round waiting for the player's decision (a slot's free spins to start) says
-- so, from when, so that the next launch resumes it, no new round of the game starts meanwhile, and a job completes
-- it with the game's default action after the operator's number of days. `resolution` says how a round ended when
-- it was not by the player: 'default_action' (that job) or 'fault' (broken by a server fault: voided with the stake
-- back, or paid what it had won so far, whichever is more).
alter table house_rounds add column decision text;
alter table house_rounds add column decision_since timestamptz;
alter table house_rounds add column resolution text;
create index house_rounds_awaiting on house_rounds (member_id, game_id) where state = 'started' and decision is not null;
create index house_rounds_by_game on house_rounds (member_id, game_id, id desc);
