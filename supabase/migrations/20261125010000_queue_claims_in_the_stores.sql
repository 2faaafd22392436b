-- The two queues (the e-mail of each request, the owner's notices) are now claimed, leased and
-- timed by one helper in the store (functions/send-contact-email/postgres/postgres-queue.ts), with the same
-- rules for every queue table, instead of a SQL function per queue. The functions it replaces go.
--
-- Upgrading a running Supabase project: deploy the function first, then `supabase db push`. The
-- other order leaves the old function without its claims for the minutes between: requests are
-- still stored and answered, their e-mails wait until the new function runs.

drop function public.claim_contact_deliveries(timestamptz, integer, integer);
drop function public.next_contact_delivery_due(integer);
drop function public.claim_owner_notices(timestamptz, integer, integer);
