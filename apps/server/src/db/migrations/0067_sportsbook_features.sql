-- The book's features of session 39 (issue 28).
-- A sport's name in Vietnamese and Chinese ('' where it has none: its name shows), besides its English name.
alter table sportsbook_sports add column names jsonb not null default '{"VI": "", "CN": ""}';

-- Who entered a result stays after a second operator confirmed it: confirmed_at is the marker of a confirmed result
-- (null while an entry waits for its confirmation).
alter table sportsbook_events add column confirmed_at timestamptz;
update sportsbook_events set confirmed_at = updated_at where result is not null and entered_result is null;

-- A member's odds format and what the slip accepts when a price moves, kept on the account.
create table sportsbook_member_preferences (
  member_id int primary key references members (id),
  odds_format text not null check (odds_format in ('decimal', 'hongkong', 'malay', 'indonesian', 'american')),
  accept_changes text not null check (accept_changes in ('none', 'better', 'any')),
  updated_at timestamptz not null
);
