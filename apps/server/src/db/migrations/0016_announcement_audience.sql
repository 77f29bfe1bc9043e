-- Whom an announcement is meant for: everyone, or members a condition picks out (no mobile number bound yet, no
-- confirmed deposit yet). A visitor only sees those meant for everyone.
alter table announcements
  add column audience text not null default 'all' check (audience in ('all', 'noMobile', 'noDeposit'));
