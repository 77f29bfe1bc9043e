-- House fish game: a shot is a round of house_rounds like a spin, but its outcome also depends on what the player
-- aimed at. That choice is recorded when the round starts, so that a shot interrupted after its bet is completed by
-- the recovery job with the outcome its seeds decide, and so that a verifier recomputes it from the round alone.
alter table house_rounds add column choice jsonb;
