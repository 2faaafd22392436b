-- Where requests come from and what the site counts (docs/contact-api.md, "Where requests come
-- from"):
-- - source: where the visit of a request came from (landing page, referring host, campaign tags),
--   one JSON object, null when the request carried none; submit_contact_request gains one
--   parameter for it (its earlier calls still work: default null);
-- - site_counts: daily totals per page and event (page views, taps on phone links, quote forms
--   started), counted without cookies; a day is the business's (America/New_York). One row per
--   day, page and event: nothing about any visitor. Written with one upsert per event by the
--   function (functions/send-contact-email/postgres/postgres-store.ts), atomic on its own.
-- Access as for contact_requests: row level security on, no policy, only the service role.

alter table public.contact_requests add column source jsonb
  check (source is null or jsonb_typeof(source) = 'object');

create table public.site_counts (
  day date not null,
  path text not null check (char_length(path) between 1 and 100),
  event text not null check (char_length(event) between 1 and 20),
  count integer not null check (count >= 0),
  primary key (day, path, event)
);

comment on table public.site_counts is
  'Daily totals of page views, phone taps and quote forms started, per page; no visitor data.';

alter table public.site_counts enable row level security;
revoke all on table public.site_counts from public, anon, authenticated;
grant select, insert, update, delete on table public.site_counts to service_role;

drop function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb);

create function public.submit_contact_request(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_service text,
  p_other_service text,
  p_message text,
  p_fingerprint text,
  p_now timestamptz,
  p_dedupe_ms integer,
  p_status text default 'new',
  p_quote_details jsonb default null,
  p_source jsonb default null
)
returns table (id uuid, duplicate boolean)
language plpgsql
set search_path = ''
as $$
declare
  existing uuid;
begin
  if p_status not in ('new', 'spam') then
    raise exception 'a new request is new or spam, not %', p_status;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(p_fingerprint, 0));
  select r.id into existing
    from public.contact_requests r
   where r.fingerprint = p_fingerprint
     and r.created_at > p_now - make_interval(secs => p_dedupe_ms / 1000.0)
   order by r.created_at
   limit 1;
  if existing is not null then
    return query select existing, true;
    return;
  end if;
  insert into public.contact_requests
    (id, created_at, name, email, phone, service, other_service, message, fingerprint,
     next_attempt_at, status, quote_details, source)
  values
    (p_id, p_now, p_name, p_email, p_phone, p_service, p_other_service, p_message, p_fingerprint,
     p_now, p_status, p_quote_details, p_source);
  return query select p_id, false;
end;
$$;

revoke all on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb, jsonb)
  to service_role;
