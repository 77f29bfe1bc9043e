-- Payouts through a provider (issue 25 §5): an approved withdrawal may be paid by a payout provider (a gateway
-- channel) instead of by hand. While the provider pays, the withdrawal stays pending with its money held in the
-- member's pending account: payout_status says where the payout is (sending: the request is on its way or
-- accepted; failed: the provider refused or failed it, back to finance's review; paid: the provider paid it,
-- and the withdrawal is approved as a payment by hand is).
alter table withdrawals
  add column payout_channel_id int references payment_channels (id),
  add column payout_status text check (payout_status in ('sending', 'paid', 'failed')),
  add column payout_reference text not null default '',
  add column payout_error text not null default '',
  add column payout_at timestamptz;
create index withdrawals_payouts on withdrawals (payout_status) where payout_status in ('sending', 'failed');
