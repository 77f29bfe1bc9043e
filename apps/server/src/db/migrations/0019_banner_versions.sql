-- A banner's version per language (issue 15): its own title, image and phone image, shown to whoever reads the site in
-- that language; a language without a version sees the banner's own.
create table banner_versions (
  banner_id int not null references banners (id) on delete cascade,
  language text not null check (language ~ '^[A-Z]{2}$'),
  title text not null default '',
  image_id uuid not null references images (id),
  phone_image_id uuid references images (id),
  primary key (banner_id, language)
);
