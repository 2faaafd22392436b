-- The contact function's rate limit, held in the database so that every instance (several Node
-- servers behind a load balancer, every warm Edge Function instance) counts against the same
-- numbers: a fixed window per client key (docs/contact-api.md, "Abuse").
--
-- Rows are short-lived (one window); expired ones are swept by the function itself. Closed to the
-- public key and signed-in users like contact_requests: row level security with no policy, and no
-- privileges.

create table public.contact_rate_limits (
  client_key text primary key check (char_length(client_key) <= 200),
  hits integer not null,
  reset_at timestamptz not null
);

comment on table public.contact_rate_limits is
  'Requests per client key in the current window; written only by consume_contact_rate_limit.';

create index contact_rate_limits_reset_idx on public.contact_rate_limits (reset_at);

alter table public.contact_rate_limits enable row level security;
revoke all on table public.contact_rate_limits from public, anon, authenticated;
grant select, insert, update, delete on table public.contact_rate_limits to service_role;

-- Counts one request for p_key and says whether it is within p_max per p_window_ms. One statement
-- (insert or update under the row's lock), so simultaneous requests on several instances are each
-- counted exactly once. retry_after_seconds is when the window ends (at least 1).
create function public.consume_contact_rate_limit(
  p_key text,
  p_max integer,
  p_window_ms integer,
  p_now timestamptz
)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
set search_path = ''
as $$
declare
  window_length interval := make_interval(secs => p_window_ms / 1000.0);
  counted integer;
  window_end timestamptz;
begin
  insert into public.contact_rate_limits as l (client_key, hits, reset_at)
  values (p_key, 1, p_now + window_length)
  on conflict (client_key) do update
     set hits = case when l.reset_at <= p_now then 1 else l.hits + 1 end,
         reset_at = case when l.reset_at <= p_now then p_now + window_length else l.reset_at end
  returning l.hits, l.reset_at into counted, window_end;

  -- Now and then, forget windows that have ended (about one call in a hundred).
  if random() < 0.01 then
    delete from public.contact_rate_limits where reset_at <= p_now;
  end if;

  return query select
    counted <= p_max,
    greatest(1, ceil(extract(epoch from (window_end - p_now))))::integer;
end;
$$;

revoke all on function public.consume_contact_rate_limit(text, integer, integer, timestamptz)
  from public, anon, authenticated;
grant execute on function public.consume_contact_rate_limit(text, integer, integer, timestamptz)
  to service_role;
