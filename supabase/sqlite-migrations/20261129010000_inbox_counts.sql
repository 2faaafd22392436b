-- Made by `npm run migrations` from supabase/schema/20261129010000_inbox_counts.ts: change that file, not this one.
-- The owner's inbox counts the requests it lists (every status but spam, and spam the owner marked
-- before it was e-mailed) in the store's query, not by reading them all: an index of the three
-- columns that count holds the answer, so the count reads the index instead of every row.

create index "contact_requests_inbox" on "contact_requests" ("status", "delivery_status", "status_set_at");
