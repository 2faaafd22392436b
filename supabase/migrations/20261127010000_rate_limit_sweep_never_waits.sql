-- The rate limit's sweep of ended windows never waits for a row another request holds.
--
-- consume_contact_rate_limit updates the caller's row, then now and then deletes every ended
-- window. Two calls that swept at the same moment could each hold the row the other meant to
-- delete (its window had ended and was just being renewed): Postgres broke the deadlock by
-- failing one of them, and that visitor was answered 503 "We could not save your request". The
-- sweep now takes only rows nobody holds (SKIP LOCKED): a row it skips is swept by a later call.

create or replace function public.consume_contact_rate_limit(
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
    delete from public.contact_rate_limits
     where client_key in (
       select e.client_key from public.contact_rate_limits e
        where e.reset_at <= p_now and e.client_key <> p_key
        for update skip locked);
  end if;

  return query select
    counted <= p_max,
    greatest(1, ceil(extract(epoch from (window_end - p_now))))::integer;
end;
$$;
