-- Refused payout callbacks are logged beside the deposit gateways' callbacks (issue 25 §5): a third source.
alter table gateway_callbacks drop constraint gateway_callbacks_source_check;
alter table gateway_callbacks add constraint gateway_callbacks_source_check
  check (source in ('callback', 'query', 'payout'));
