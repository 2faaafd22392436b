-- The owner's pictures for the site (the content's `pictures` group names one by its id): each
-- picture once, by an id made from its files' bytes, and its files at the widths and formats the
-- pages use. Written once, never updated nor deleted: a published version, or one restored later,
-- always finds its files.

create table public.content_pictures (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  created_at timestamptz not null default now(),
  width integer not null check (width > 0),
  height integer not null check (height > 0)
);

create table public.content_picture_files (
  name text primary key check (name ~ '^[0-9a-f]{32}-[0-9]{1,4}\.(avif|webp|jpg)$'),
  picture_id text not null references public.content_pictures (id),
  type text not null check (type in ('image/avif', 'image/webp', 'image/jpeg')),
  bytes bytea not null
);

create index content_picture_files_picture on public.content_picture_files (picture_id);

comment on table public.content_pictures is
  'The owner''s pictures for the site, each stored once, never changed.';
comment on table public.content_picture_files is
  'The files of each picture: its widths in AVIF, WebP and JPEG, metadata stripped.';

alter table public.content_pictures enable row level security;
alter table public.content_picture_files enable row level security;
revoke all on table public.content_pictures, public.content_picture_files from public, anon, authenticated;
-- Read and add only: a picture is never changed once stored.
grant select, insert on table public.content_pictures, public.content_picture_files to service_role;
