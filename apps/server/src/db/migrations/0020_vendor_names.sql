-- A vendor's name per language (issue 15), beside its display name (the name in any language without one):
-- {"VI": "…", "CN": "…"}.
alter table game_vendors add column names jsonb not null default '{}';
