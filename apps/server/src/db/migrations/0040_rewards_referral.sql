-- A referral reward is a percentage of the friend's deposits within its period (capped): the deposits it was
-- figured on stay beside it. Rewards decided before were fixed amounts, figured on nothing recorded (0).
alter table referral_rewards add column deposits bigint not null default 0 check (deposits >= 0);
