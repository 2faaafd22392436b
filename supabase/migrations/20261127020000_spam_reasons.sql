-- Why the spam filter judged a request spam, and repeats judged afresh.
-- - contact_requests.spam_reason: a short reason in plain words ("the hidden field was filled"),
--   set by the function when its filter stores a request as spam; null otherwise (and for what
--   the owner marks spam). The inbox shows it on spam rows; `npm run leads -- --json` prints it.
-- - submit_contact_request gains p_spam_reason (default null, so earlier calls still work). A
--   repeat is merged into an earlier request only when that one is not spam: a request judged
--   spam (by the filter or the owner) never swallows a later, honest send of the same form.
-- - The same id sent twice (the function tries the insert again when the connection dropped
--   before it heard the commit) is stored once and answered as stored.

alter table public.contact_requests add column spam_reason text
  check (spam_reason is null or char_length(spam_reason) <= 200);

drop function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb, jsonb);

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
  p_source jsonb default null,
  p_spam_reason text default null
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
  if exists (select 1 from public.contact_requests r where r.id = p_id) then
    return query select p_id, false;
    return;
  end if;
  select r.id into existing
    from public.contact_requests r
   where r.fingerprint = p_fingerprint
     and r.created_at > p_now - make_interval(secs => p_dedupe_ms / 1000.0)
     and r.status <> 'spam'
   order by r.created_at
   limit 1;
  if existing is not null then
    return query select existing, true;
    return;
  end if;
  insert into public.contact_requests
    (id, created_at, name, email, phone, service, other_service, message, fingerprint,
     next_attempt_at, status, quote_details, source, spam_reason)
  values
    (p_id, p_now, p_name, p_email, p_phone, p_service, p_other_service, p_message, p_fingerprint,
     p_now, p_status, p_quote_details, p_source,
     case when p_status = 'spam' then left(p_spam_reason, 200) end);
  return query select p_id, false;
end;
$$;

revoke all on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb, jsonb, text)
  from public, anon, authenticated;
grant execute on function public.submit_contact_request(uuid, text, text, text, text, text, text, text, timestamptz, integer, text, jsonb, jsonb, text)
  to service_role;
