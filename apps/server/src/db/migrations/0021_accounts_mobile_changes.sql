-- A member binds or changes a mobile number in the security centre with an SMS code (purpose 'bindMobile'); each
-- change is kept: who made it, when, from where, the number before and after (issue 32 item 7).
alter table sms_codes drop constraint sms_codes_purpose_check;
alter table sms_codes
  add constraint sms_codes_purpose_check check (purpose in ('register', 'login', 'resetPassword', 'bindMobile'));

create table member_mobile_changes (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  old_country_dialing_code text,
  old_mobile text,
  new_country_dialing_code text not null,
  new_mobile text not null,
  ip text not null default '',
  changed_at timestamptz not null
);
create index member_mobile_changes_member on member_mobile_changes (member_id, id desc);
