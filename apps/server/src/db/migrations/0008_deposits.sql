-- Deposits: what the cashier needs beyond 0007's tables.

-- Where the gateway sends the payer back to (a path of the site), and when the order reached its final state.
alter table deposits add column return_path text not null default '/';
alter table deposits add column settled_at timestamptz;
create index deposits_channel on deposits (channel_id, created_at);
-- The status-query job looks for online orders still pending.
create index deposits_pending_gateway on deposits (created_at) where status = 'pending' and kind = 'gateway';

-- The callback log also records what the server learnt by asking the gateway (source 'query'), names the deposit
-- it was about, and keeps its rows when a channel without deposits is deleted.
alter table gateway_callbacks add column source text not null default 'callback'
  check (source in ('callback', 'query'));
alter table gateway_callbacks add column deposit_id bigint references deposits (id);
alter table gateway_callbacks drop constraint gateway_callbacks_channel_id_fkey;
alter table gateway_callbacks add constraint gateway_callbacks_channel_id_fkey
  foreign key (channel_id) references payment_channels (id) on delete set null;
create index gateway_callbacks_order on gateway_callbacks (order_no, received_at desc);
