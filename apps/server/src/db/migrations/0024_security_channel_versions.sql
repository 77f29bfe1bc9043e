-- A payment channel's version per language (issue 32 §22), beside its own name and instructions (shown in any
-- language without one): {"VI": {"name": "…", "instructions": "…"}, "CN": {…}}; '' where a field has none.
alter table payment_channels add column translations jsonb not null default '{}';
