-- Follow-ups to customers (as ../migrations/20261126040000_follow_ups.sql). They count from
-- when the owner last set the status (status_set_at, 0005_owner_set_status.sql).
-- - follow_ups: the durable queue of review requests and follow-ups, one row per key
--   (`review:<id>`, `follow-up:<id>`, so each is sent at most once), with the status the request
--   had when it was queued (a change stops it) and a hash of the recipient's address (the daily
--   cap per address, opt-outs); `stopped` is final, like `sent` and `failed`;
-- - email_opt_outs: addresses (their SHA-256) that asked for no more follow-ups.

CREATE TABLE follow_ups (
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('review', 'follow-up')),
  request_id TEXT NOT NULL,
  address_hash TEXT NOT NULL,
  queued_status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sent', 'failed', 'stopped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  sent_at TEXT
) STRICT;
CREATE INDEX follow_ups_pending ON follow_ups (next_attempt_at) WHERE status = 'pending';
CREATE INDEX follow_ups_request ON follow_ups (request_id);
CREATE INDEX follow_ups_sent_to ON follow_ups (address_hash, sent_at) WHERE status = 'sent';

CREATE TABLE email_opt_outs (
  address_hash TEXT PRIMARY KEY,
  opted_out_at TEXT NOT NULL
) STRICT;
