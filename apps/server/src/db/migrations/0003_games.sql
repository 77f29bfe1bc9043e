-- Game types of the header and lobbies, and the vendors offered under each.

create table game_types (
  code text primary key,
  -- Title per language code, e.g. {"EN": "Lottery", "VI": "Xổ số"}; English is the fallback.
  names jsonb not null,
  sort int not null default 0,
  enabled boolean not null default true
);

create table game_vendors (
  id int generated always as identity primary key,
  game_type text not null references game_types (code),
  vassalage text not null,
  display_name text not null,
  is_hot boolean not null default false,
  icon_image_id uuid references images (id),
  account_type_id int not null default 0,
  sort int not null default 0,
  enabled boolean not null default true,
  unique (game_type, vassalage)
);
