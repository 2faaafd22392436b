-- The owner's side (as ../migrations/20261124020000_owner_actions.sql): when the owner first
-- answered, and the queue of notices (alerts, reminders, digests), one row per key.

ALTER TABLE contact_requests ADD COLUMN contacted_at TEXT;
CREATE TABLE owner_notices (
  key TEXT PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'push')),
  request_id TEXT,
  notice TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  sent_at TEXT
) STRICT;
CREATE INDEX owner_notices_pending ON owner_notices (next_attempt_at) WHERE status = 'pending';
