-- Retrying pending e-mail on Supabase. The function sends right after storing, and a warm instance
-- retries on its own, but an instance may stop with e-mail still pending (the mail API was down).
-- Every 5 minutes pg_cron asks the function to drain its outbox, through pg_net:
--   POST <project_url>/functions/v1/send-contact-email/drain
--   Authorization: Bearer <the function's OUTBOX_DRAIN_SECRET>
-- Both values come from Supabase Vault when the job runs; neither is written here or in the job.
-- Put them into Vault once (SQL editor), the secret equal to the function's OUTBOX_DRAIN_SECRET:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<OUTBOX_DRAIN_SECRET>', 'contact_outbox_drain_secret');
-- Until both are there, each run logs a warning and requests nothing.
--
-- On a Postgres without pg_cron and pg_net (the Node server with DATABASE_URL, which drains in
-- its own process) the function is created and nothing is scheduled.

create function public.request_contact_outbox_drain()
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  drain_secret text;
begin
  select decrypted_secret into project_url
    from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into drain_secret
    from vault.decrypted_secrets where name = 'contact_outbox_drain_secret';
  if coalesce(project_url, '') = '' or coalesce(drain_secret, '') = '' then
    raise warning 'contact outbox drain skipped: put project_url and contact_outbox_drain_secret into Vault';
    return null;
  end if;
  -- pg_net queues the request and returns its id; the response lands in net._http_response.
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/send-contact-email/drain',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || drain_secret
    ),
    timeout_milliseconds := 30000
  );
end;
$$;

comment on function public.request_contact_outbox_drain() is
  'Asks the send-contact-email function to retry pending e-mail; run by pg_cron every 5 minutes.';

revoke all on function public.request_contact_outbox_drain() from public, anon, authenticated;

do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = 'cron' and p.proname = 'schedule')
     and exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                  where n.nspname = 'net' and p.proname = 'http_post') then
    -- Scheduling under the same name again replaces the job: safe to run twice.
    perform cron.schedule(
      'contact-outbox-drain',
      '*/5 * * * *',
      'select public.request_contact_outbox_drain()'
    );
  else
    raise notice 'pg_cron or pg_net missing: the contact outbox drain is not scheduled';
  end if;
end;
$$;
