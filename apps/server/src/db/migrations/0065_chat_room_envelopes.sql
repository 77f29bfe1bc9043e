-- Red envelopes dropped in a chat room (issue 26 part 2): a rain schedule, and each round it opens, may target one
-- room (null: the site-wide rain). A room round's envelopes are grabbed only by members the room admits, and the
-- room gets a message of kind `envelope` when it opens; a member's bet shared in a room is a message of kind `bet`
-- carrying the server's snapshot of the ticket (card).
alter table rain_schedules add column room_id int references chat_rooms (id);
alter table rain_rounds add column room_id int references chat_rooms (id);
create index rain_rounds_room on rain_rounds (room_id, opens_at) where room_id is not null;

alter table chat_messages drop constraint chat_messages_kind_check;
alter table chat_messages add constraint chat_messages_kind_check
  check (kind in ('text', 'sticker', 'notice', 'win', 'envelope', 'bet'));
