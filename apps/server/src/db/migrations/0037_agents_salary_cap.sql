-- Agents: the daily salary's cap (`amountLimit`, design note §A3): the most an agent is paid for one day and product
-- after the spread, in minor units; null is no cap. Other kinds never carry one. A template carries it for the
-- operator's offers. A bill whose amount the cap cut records the amount before the cap (null: the cap did not apply).
alter table agent_contracts add column amount_limit bigint check (amount_limit is null or (amount_limit > 0 and kind = 'daily_salary'));
alter table agent_contract_templates add column amount_limit bigint check (amount_limit is null or (amount_limit > 0 and kind = 'daily_salary'));
alter table agent_bills add column uncapped_amount bigint;
