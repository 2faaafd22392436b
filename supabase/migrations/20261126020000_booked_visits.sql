-- A booked visit and the visitor's side (docs/contact-api.md, "After the request";
-- docs/decisions/0014-booked-visits.md). SQLite's twin: ../sqlite-migrations/0006_booked_visits.sql.
-- - lead_statuses: the statuses a request may have, one row each, `booked` among them; the status
--   column refers to it instead of a CHECK, so a status is added with one INSERT (and one line in
--   functions/send-contact-email/base/lead-status.ts);
-- - the visit (visit_start, visit_end), its iCalendar SEQUENCE, when it last changed, and the
--   service address the visitor may add;
-- - visitor_emails: the durable queue of e-mails to the visitor (acknowledgement, visit
--   confirmation or cancellation, reminder), with the recipient for the per-address cap;
-- - request_events: what the visitor and the owner did to a request, shown on the owner's page.
-- Access as for contact_requests: row level security on, no policy, only the service role.

create table public.lead_statuses (status text primary key);
insert into public.lead_statuses (status)
values ('new'), ('contacted'), ('booked'), ('won'), ('lost'), ('spam');
alter table public.lead_statuses enable row level security;
revoke all on table public.lead_statuses from public, anon, authenticated;
grant select, insert, update, delete on table public.lead_statuses to service_role;

alter table public.contact_requests drop constraint contact_requests_status_check;
alter table public.contact_requests
  add constraint contact_requests_status_fkey
    foreign key (status) references public.lead_statuses (status),
  add column visit_start timestamptz,
  add column visit_end timestamptz,
  add column visit_sequence integer not null default 0,
  add column visit_changed_at timestamptz,
  add column service_address text check (char_length(service_address) between 1 and 300),
  add constraint contact_requests_visit_check
    check ((visit_start is null) = (visit_end is null) and (visit_end is null or visit_end > visit_start));
create index contact_requests_visit_idx on public.contact_requests (visit_start)
  where visit_start is not null;

create table public.visitor_emails (
  key text primary key,
  kind text not null check (kind ~ '^[a-z][a-z-]*$'),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  recipient text not null check (char_length(recipient) <= 254),
  payload jsonb not null default '{}' check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null,
  claimed_at timestamptz,
  sent_at timestamptz
);
create index visitor_emails_pending_idx on public.visitor_emails (next_attempt_at)
  where status = 'pending';
create index visitor_emails_recipient_idx on public.visitor_emails (recipient, kind, created_at);
create index visitor_emails_request_idx on public.visitor_emails (request_id);
alter table public.visitor_emails enable row level security;
revoke all on table public.visitor_emails from public, anon, authenticated;
grant select, insert, update, delete on table public.visitor_emails to service_role;

create table public.request_events (
  id uuid primary key,
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  at timestamptz not null,
  actor text not null check (actor in ('owner', 'visitor')),
  kind text not null check (kind ~ '^[a-z][a-z-]*$'),
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object')
);
create index request_events_request_idx on public.request_events (request_id, at);
alter table public.request_events enable row level security;
revoke all on table public.request_events from public, anon, authenticated;
grant select, insert, update, delete on table public.request_events to service_role;
