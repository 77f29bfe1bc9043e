-- Each player's play per week (Monday), beside report_player_days: the players report's sign-up cohorts read the
-- weeks a member was active from here instead of every player day of the period (issue 25, under a second at
-- 10,000 players × 30 days). Kept by the roll-up job in the same statement as the player days.
create table report_player_weeks (
  week date not null,
  member_id int not null references members (id),
  rounds int not null default 0,
  primary key (week, member_id)
);

insert into report_player_weeks (week, member_id, rounds)
select date_trunc('week', day)::date, member_id, sum(rounds)
  from report_player_days group by 1, 2;
