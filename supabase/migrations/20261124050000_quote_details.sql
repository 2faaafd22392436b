-- Optional quote details (ZIP and area, estimate, offer, preferred times), as the function resolved
-- them (shared/quote/quote-details.ts): one JSON object, null for a request without them.
-- submit_contact_request gains one parameter for them; its earlier calls still work (default null).

alter table public.contact_requests add column quote_details jsonb
  check (quote_details is null or jsonb_typeof(quote_details) = 'object');

drop function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text);

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
  p_quote_details jsonb default null
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
     next_attempt_at, status, quote_details)
  values
    (p_id, p_now, p_name, p_email, p_phone, p_service, p_other_service, p_message, p_fingerprint,
     p_now, p_status, p_quote_details);
  return query select p_id, false;
end;
$$;

revoke all on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb)
  to service_role;
