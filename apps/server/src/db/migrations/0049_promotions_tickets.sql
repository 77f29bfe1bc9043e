-- A promotion may also grant prize tickets with each claim (issue 24 part 5): raffle/tickets.ts, ref
-- promotion:<entry id>, in the claim's transaction.
alter table promotions add column tickets int not null default 0 check (tickets between 0 and 1000);
