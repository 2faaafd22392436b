-- When the owner last set a request's status with a button (docs/contact-api.md, "The owner's
-- actions on a lead"). Null while the status is the one the request was stored with: `new`, or
-- `spam` from the spam filter; so an owner's Spam is never shown as the filter's. The SQLite twin:
-- ../sqlite-migrations/0005_owner_set_status.sql.

alter table public.contact_requests add column status_set_at timestamptz;

-- As before (20261124020000_owner_actions.sql), and records when the owner set it. Replacing the
-- function keeps its grants.
create or replace function public.set_contact_status(p_id uuid, p_status text, p_at timestamptz)
returns setof public.contact_requests
language sql
set search_path = ''
as $$
  update public.contact_requests
     set status = p_status,
         status_set_at = p_at,
         contacted_at = case when contacted_at is null and p_status <> 'spam' then p_at
                             else contacted_at end
   where id = p_id
  returning *;
$$;
