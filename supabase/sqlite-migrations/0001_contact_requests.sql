-- Quote requests on one machine: the Node host's SQLite file (functions/send-contact-email/
-- sqlite-store.ts). The table of ../migrations/20261122010000_contact_requests.sql in SQLite's
-- terms: STRICT tables, times as ISO-8601 UTC text.

CREATE TABLE contact_requests (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  service TEXT NOT NULL,
  other_service TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  delivery_status TEXT NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  sent_at TEXT,
  delivered_to TEXT
) STRICT;
CREATE INDEX contact_requests_fingerprint ON contact_requests (fingerprint, created_at);
CREATE INDEX contact_requests_created ON contact_requests (created_at);
CREATE INDEX contact_requests_pending ON contact_requests (next_attempt_at)
  WHERE delivery_status = 'pending';
