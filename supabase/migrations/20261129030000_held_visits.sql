-- Made by `npm run migrations` from supabase/schema/20261129030000_held_visits.ts: change that file, not this one.
-- A time a customer picked online can be held for the owner's one tap instead of booked at once
-- (the Online booking setting "Booked at once or held until you confirm"): the visit is stored and
-- takes its crew like any other, marked held (1) until the owner confirms it (0) or turns it down
-- (the visit is cancelled and the customer asked for another time).

alter table "public"."contact_requests" add column "visit_held" integer default 0 not null;
