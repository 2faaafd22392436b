-- The owner's published site content, one row a version, never updated nor deleted: the newest is
-- live, and a restore is a new row naming the one it restored. `json`, not `jsonb`: the document
-- reads back with its keys in the order they were written, so writing it back to the
-- repository's content files gives a small diff.

create table public.content_versions (
  version bigint generated always as identity primary key,
  published_at timestamptz not null default now(),
  document json not null,
  changes json not null default '[]',
  restored_from bigint references public.content_versions (version)
);

comment on table public.content_versions is
  'The site content the owner published, every version kept; the newest is live.';

alter table public.content_versions enable row level security;
revoke all on table public.content_versions from public, anon, authenticated;
-- Read and add only: a version is never changed once published.
grant select, insert on table public.content_versions to service_role;
