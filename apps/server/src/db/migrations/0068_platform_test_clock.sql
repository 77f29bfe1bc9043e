-- TEST_CLOCK (tests only, refused in production): how far the console's test clock has been moved, one row shared by
-- every server process of the database. A move adds to it and is announced over NOTIFY; each process applies it at
-- once and reads it when it starts, so all of them (and a process restarted later) keep one time.

create table test_clock (
  id boolean primary key default true check (id),
  offset_ms bigint not null check (offset_ms > 0)
);
