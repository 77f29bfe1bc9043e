-- A banner's phone image (issue 15): drawn for the banner's room on a phone (the same 4:1 box, a few hundred pixels
-- wide), so its text stays readable there; without one the phone shows the banner's own image.
alter table banners add column phone_image_id uuid references images (id);
