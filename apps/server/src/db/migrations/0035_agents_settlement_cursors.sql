-- Agents' settlement catch-up: per settlement kind (and dividend period), the end of the last window settled, so a
-- job settles every window since then, whatever slots were missed while no process ran (settlement-jobs.ts). A run
-- leases the cursor (lease_until) so two runners do not settle the same windows at once; the bills' unique key
-- keeps every window billed once anyway.
create table agent_settlement_cursors (
  name text primary key,
  settled_until timestamptz not null,
  lease_until timestamptz
);

-- Existing installations go on from their last bill of each salary kind.
insert into agent_settlement_cursors (name, settled_until)
select kind, max(period_end) from agent_bills
 where kind in ('realtime_salary', 'hourly_salary', 'daily_salary')
 group by kind;
