-- The lead's status and a final delivery state (docs/contact-api.md):
-- - status: new when stored, spam when the spam filter caught it (never e-mailed), later contacted,
--   won or lost as the owner sets it;
-- - delivery_status gains 'failed': the mail server refused this message for good;
-- - delivered_recipients: who already accepted a partly delivered e-mail (a retry skips them);
-- - claims take never-attempted requests first, so a new lead never waits behind old retries.

alter table public.contact_requests
  add column status text not null default 'new'
    check (status in ('new', 'contacted', 'won', 'lost', 'spam')),
  add column delivered_recipients text[] not null default '{}';

alter table public.contact_requests drop constraint contact_requests_delivery_status_check;
alter table public.contact_requests add constraint contact_requests_delivery_status_check
  check (delivery_status in ('pending', 'sent', 'failed'));

drop index public.contact_requests_pending_idx;
create index contact_requests_pending_idx on public.contact_requests (next_attempt_at)
  where delivery_status = 'pending' and status <> 'spam';

drop function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer);

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
  p_status text default 'new'
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
     next_attempt_at, status)
  values
    (p_id, p_now, p_name, p_email, p_phone, p_service, p_other_service, p_message, p_fingerprint,
     p_now, p_status);
  return query select p_id, false;
end;
$$;

create or replace function public.claim_contact_deliveries(p_now timestamptz, p_limit integer, p_lease_ms integer)
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
        and c.status <> 'spam'
        and c.next_attempt_at <= p_now
        and (c.claimed_at is null or c.claimed_at <= p_now - make_interval(secs => p_lease_ms / 1000.0))
      order by c.attempts > 0, c.next_attempt_at
      limit p_limit
      for update skip locked
   )
  returning r.*;
$$;

create or replace function public.next_contact_delivery_due(p_lease_ms integer)
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
  where delivery_status = 'pending' and status <> 'spam';
$$;

revoke all on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text)
  from public, anon, authenticated;
grant execute on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text)
  to service_role;
