-- When the owner last set a request's status with a button (as
-- ../migrations/20261126010000_owner_set_status.sql). NULL while the status is the one the request
-- was stored with: `new`, or `spam` from the spam filter; so an owner's Spam is never shown as
-- the filter's.

ALTER TABLE contact_requests ADD COLUMN status_set_at TEXT;
