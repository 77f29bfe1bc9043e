-- The turnover expiry job finds the open obligations past their expiry by this index.
create index turnover_obligations_expiring on turnover_obligations (expires_at, id)
  where status = 'open' and expires_at is not null;
