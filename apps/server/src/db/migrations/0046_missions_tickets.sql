-- A mission's milestone may also reward prize tickets (issue 24 part 4; the milestones' jsonb gains `tickets`, 0 when
-- absent): the claim keeps what it granted, as it keeps its cash and points.
alter table mission_claims add column tickets int not null default 0;
