-- A picture no stored content version names (a preview the owner cancelled) may be deleted by
-- the purge (`npm run content -- --purge-pictures`): the service role may delete, nothing else
-- changes. A picture is still never updated.

grant delete on table public.content_pictures, public.content_picture_files to service_role;

comment on table public.content_pictures is
  'The owner''s pictures for the site, each stored once, never changed; one no version names may be purged.';
