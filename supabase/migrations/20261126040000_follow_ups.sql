-- Follow-ups to customers (docs/contact-api.md, "Follow-ups to customers"). They count from when
-- the owner last set the status (status_set_at, 20261126010000_owner_set_status.sql).
-- - follow_ups: the durable queue of review requests and follow-ups, one row per key
--   (`review:<id>`, `follow-up:<id>`, so each is sent at most once), with the status the request
--   had when it was queued (a change stops it) and a hash of the recipient's address (the daily
--   cap per address, opt-outs); `stopped` is final, like `sent` and `failed`. Claimed like every
--   queue by the store's helper (functions/send-contact-email/postgres/postgres-queue.ts);
-- - email_opt_outs: addresses (their SHA-256) that asked for no more follow-ups.
-- Access as for contact_requests: row level security on, no policy, only the service role.

create table public.follow_ups (
  key text primary key check (char_length(key) <= 100),
  kind text not null check (kind in ('review', 'follow-up')),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  address_hash text not null check (address_hash ~ '^[0-9a-f]{64}$'),
  queued_status text not null,
  created_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'stopped')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null,
  claimed_at timestamptz,
  sent_at timestamptz
);

create index follow_ups_pending_idx on public.follow_ups (next_attempt_at) where status = 'pending';
create index follow_ups_request_idx on public.follow_ups (request_id);
create index follow_ups_sent_to_idx on public.follow_ups (address_hash, sent_at) where status = 'sent';

create table public.email_opt_outs (
  address_hash text primary key check (address_hash ~ '^[0-9a-f]{64}$'),
  opted_out_at timestamptz not null
);

alter table public.follow_ups enable row level security;
alter table public.email_opt_outs enable row level security;
revoke all on table public.follow_ups, public.email_opt_outs from public, anon, authenticated;
grant select, insert, update, delete on table public.follow_ups, public.email_opt_outs
  to service_role;
