-- The browser's own device id a member registered from (the Device-Id header), '' without one: a new registration
-- from the device of a self-excluded member is refused (issue 27). Sign-ins record it in login_history.device.
alter table members add column register_device text not null default '';
create index members_register_device on members (register_device) where register_device <> '';
