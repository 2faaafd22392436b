-- Quote requests from the website's contact form (docs/contact-api.md), stored by the
-- send-contact-email Edge Function before it answers 200, then e-mailed by its outbox.
--
-- Access: row level security is on and there is no policy, so the public (anon) key and signed-in
-- users can neither read nor write this table through the API; the privileges are revoked as well.
-- Only the service role (the Edge Function, the dashboard) reaches it, through the functions below.

create table public.contact_requests (
  id uuid primary key,
  created_at timestamptz not null default now(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  phone text not null check (char_length(phone) between 7 and 32),
  service text not null check (
    service in ('janitorial', 'commercial', 'office', 'post-construction', 'carpet', 'floor-wax', 'other')
  ),
  other_service text not null default '' check (char_length(other_service) <= 100),
  message text not null check (char_length(message) between 1 and 5000),
  -- SHA-256 of the normalised fields: finds repeats of the same request.
  fingerprint text not null,
  delivery_status text not null default 'pending' check (delivery_status in ('pending', 'sent')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  delivered_to text
);

comment on table public.contact_requests is
  'Quote requests from the website contact form; written only by the send-contact-email function.';

create index contact_requests_fingerprint_idx on public.contact_requests (fingerprint, created_at);
create index contact_requests_created_idx on public.contact_requests (created_at desc);
create index contact_requests_pending_idx on public.contact_requests (next_attempt_at)
  where delivery_status = 'pending';

alter table public.contact_requests enable row level security;
revoke all on table public.contact_requests from public, anon, authenticated;
grant select, insert, update, delete on table public.contact_requests to service_role;

-- Stores a request unless the same one (same fingerprint) arrived within p_dedupe_ms, in which
-- case it returns the first one's id. The advisory lock makes check-and-insert atomic per
-- fingerprint across concurrent function instances.
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
  p_dedupe_ms integer
)
returns table (id uuid, duplicate boolean)
language plpgsql
set search_path = ''
as $$
declare
  existing uuid;
begin
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
    (id, created_at, name, email, phone, service, other_service, message, fingerprint, next_attempt_at)
  values
    (p_id, p_now, p_name, p_email, p_phone, p_service, p_other_service, p_message, p_fingerprint, p_now);
  return query select p_id, false;
end;
$$;

-- Claims up to p_limit due, pending requests for delivery (attempts + 1). A claim older than
-- p_lease_ms is considered abandoned by a crashed instance. SKIP LOCKED lets concurrent instances
-- claim different requests instead of waiting on each other.
create function public.claim_contact_deliveries(p_now timestamptz, p_limit integer, p_lease_ms integer)
returns setof public.contact_requests
language sql
set search_path = ''
as $$
  update public.contact_requests r
     set claimed_at = p_now,
         attempts = r.attempts + 1
   where r.id in (
     select c.id
       from public.contact_requests c
      where c.delivery_status = 'pending'
        and c.next_attempt_at <= p_now
        and (c.claimed_at is null or c.claimed_at <= p_now - make_interval(secs => p_lease_ms / 1000.0))
      order by c.next_attempt_at
      limit p_limit
      for update skip locked
   )
  returning r.*;
$$;

-- When the next pending delivery is due (a claimed one: when its lease runs out), or null.
create function public.next_contact_delivery_due(p_lease_ms integer)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select least(
    min(next_attempt_at) filter (where claimed_at is null),
    min(claimed_at) + make_interval(secs => p_lease_ms / 1000.0)
  )
  from public.contact_requests
  where delivery_status = 'pending';
$$;

revoke all on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer)
  from public, anon, authenticated;
revoke all on function public.claim_contact_deliveries(timestamptz, integer, integer)
  from public, anon, authenticated;
revoke all on function public.next_contact_delivery_due(integer)
  from public, anon, authenticated;
grant execute on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer)
  to service_role;
grant execute on function public.claim_contact_deliveries(timestamptz, integer, integer) to service_role;
grant execute on function public.next_contact_delivery_due(integer) to service_role;
