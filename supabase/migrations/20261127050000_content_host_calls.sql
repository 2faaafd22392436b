-- The last call of the static host's build hook (DEPLOY_HOOK_URL) for each content version: one
-- row a version, replaced by the next call for it, so the table grows with the versions alone. An
-- unchanged Publish reads it to call the hook again only when that last call failed (every
-- server, and every Supabase instance, sees the same answer); the editor's home reads it to say
-- whether the host was told.

create table public.content_host_calls (
  version bigint primary key references public.content_versions (version),
  called_at timestamptz not null default now(),
  host text not null,
  ok boolean not null,
  reason text
);

comment on table public.content_host_calls is
  'The last call of the static host''s build hook for each content version, and how it went.';

alter table public.content_host_calls enable row level security;
revoke all on table public.content_host_calls from public, anon, authenticated;
grant select, insert, update on table public.content_host_calls to service_role;
