-- Made by `npm run migrations` from supabase/schema/20261129020000_booking_plans.ts: change that file, not this one.
-- A request may hold a recurring plan the customer booked online (docs/owner.md, "Plans"): how
-- often, the first visit's day and time, how long each visit takes, the later visits' price, and
-- what the customer or the owner changed since (skipped and moved dates, a pause, a cancellation),
-- as one JSON value that the booking rules read whole. The request's visit stays the plan's first
-- one. An index lists the requests with a plan: every booking reads them for its capacity.

alter table "contact_requests" add column "plan" text;
create index "contact_requests_plan" on "contact_requests" ("id") where plan is not null;
