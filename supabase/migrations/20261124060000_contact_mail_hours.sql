-- The hourly e-mail cap's count (MAIL_HOURLY_CAP), held in the database so that every instance
-- (several Node servers on one database, every Edge Function instance) counts against one cap:
-- e-mails sent per clock hour, and whether the digest of what waited in a capped hour has been
-- taken by an instance (functions/send-contact-email/store/mail-count.ts).
--
-- Two rows matter at a time (this hour and the last); older ones are swept by the function
-- itself. Closed to the public key and signed-in users like contact_requests: row level security
-- with no policy, and no privileges.

create table public.contact_mail_hours (
  hour bigint primary key,
  sent integer not null default 0,
  digest_claimed boolean not null default false
);

comment on table public.contact_mail_hours is
  'E-mails sent per clock hour (hours since the epoch, UTC), for the hourly cap; written only by count_contact_mail and claim_contact_mail_digest.';

alter table public.contact_mail_hours enable row level security;
revoke all on table public.contact_mail_hours from public, anon, authenticated;
grant select, insert, update, delete on table public.contact_mail_hours to service_role;

-- One more e-mail in p_hour; returns that hour's count. One statement under the row's lock, so
-- instances sending at the same moment are each counted once.
create function public.count_contact_mail(p_hour bigint)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  counted integer;
begin
  insert into public.contact_mail_hours as h (hour, sent) values (p_hour, 1)
  on conflict (hour) do update set sent = h.sent + 1
  returning h.sent into counted;

  delete from public.contact_mail_hours where hour < p_hour - 1;
  return counted;
end;
$$;

-- True for the first caller only: that instance sends the digest of what waited in p_hour.
create function public.claim_contact_mail_digest(p_hour bigint)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  claimed bigint;
begin
  insert into public.contact_mail_hours as h (hour, digest_claimed) values (p_hour, true)
  on conflict (hour) do update set digest_claimed = true where h.digest_claimed = false
  returning h.hour into claimed;
  return claimed is not null;
end;
$$;

revoke all on function public.count_contact_mail(bigint) from public, anon, authenticated;
revoke all on function public.claim_contact_mail_digest(bigint) from public, anon, authenticated;
grant execute on function public.count_contact_mail(bigint) to service_role;
grant execute on function public.claim_contact_mail_digest(bigint) to service_role;
