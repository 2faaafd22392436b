-- The owner's side (docs/contact-api.md, "Lead status and the owner's actions"):
-- - contacted_at: when the owner first answered (status contacted, won or lost), for the time to
--   answer in `npm run leads --stats`;
-- - owner_notices: the durable queue of alerts, reminders and digests, one row per key
--   (`alert:<id>:push`, `reminder:<id>:email`, `digest:<day>:email`), so a catch-up that asks
--   again never sends twice. Drained like the e-mail: claim, send, mark sent or retry later.
-- Access as for contact_requests: row level security on, no policy, only the service role.

alter table public.contact_requests add column contacted_at timestamptz;

create table public.owner_notices (
  key text primary key,
  channel text not null check (channel in ('email', 'push')),
  request_id uuid references public.contact_requests (id) on delete cascade,
  notice jsonb not null,
  created_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null,
  claimed_at timestamptz,
  sent_at timestamptz
);

create index owner_notices_pending_idx on public.owner_notices (next_attempt_at)
  where status = 'pending';

alter table public.owner_notices enable row level security;
revoke all on table public.owner_notices from public, anon, authenticated;
grant select, insert, update, delete on table public.owner_notices to service_role;

-- Sets the owner's status; the first answer (not spam) records contacted_at.
create function public.set_contact_status(p_id uuid, p_status text, p_at timestamptz)
returns setof public.contact_requests
language sql
set search_path = ''
as $$
  update public.contact_requests
     set status = p_status,
         contacted_at = case when contacted_at is null and p_status <> 'spam' then p_at
                             else contacted_at end
   where id = p_id
  returning *;
$$;

-- Claims up to p_limit due notices (attempts + 1); a claim older than p_lease_ms may be taken again.
create function public.claim_owner_notices(p_now timestamptz, p_limit integer, p_lease_ms integer)
returns setof public.owner_notices
language sql
set search_path = ''
as $$
  update public.owner_notices n
     set claimed_at = p_now, attempts = n.attempts + 1
   where n.key in (
     select key from public.owner_notices
      where status = 'pending' and next_attempt_at <= p_now
        and (claimed_at is null or claimed_at <= p_now - make_interval(secs => p_lease_ms / 1000.0))
      order by next_attempt_at
      limit p_limit
      for update skip locked)
  returning n.*;
$$;

revoke all on function public.set_contact_status(uuid, text, timestamptz) from public, anon, authenticated;
revoke all on function public.claim_owner_notices(timestamptz, integer, integer) from public, anon, authenticated;
grant execute on function public.set_contact_status(uuid, text, timestamptz) to service_role;
grant execute on function public.claim_owner_notices(timestamptz, integer, integer) to service_role;
