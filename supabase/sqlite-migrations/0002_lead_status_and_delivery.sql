-- The lead's status (new, spam, later the owner's), a final `failed` delivery state, and the
-- recipients that already accepted a partly delivered e-mail (as
-- ../migrations/20261124010000_lead_status_and_delivery.sql). SQLite cannot change a CHECK in
-- place: the table is rebuilt, rows and indexes kept.

CREATE TABLE contact_requests_v2 (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  service TEXT NOT NULL,
  other_service TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'won', 'lost', 'spam')),
  delivery_status TEXT NOT NULL DEFAULT 'pending'
    CHECK (delivery_status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  sent_at TEXT,
  delivered_to TEXT,
  delivered_recipients TEXT NOT NULL DEFAULT '[]'
) STRICT;
INSERT INTO contact_requests_v2 (id, created_at, name, email, phone, service, other_service,
  message, fingerprint, delivery_status, attempts, last_error, next_attempt_at, claimed_at,
  sent_at, delivered_to)
SELECT id, created_at, name, email, phone, service, other_service, message, fingerprint,
  delivery_status, attempts, last_error, next_attempt_at, claimed_at, sent_at, delivered_to
FROM contact_requests ORDER BY rowid;
DROP TABLE contact_requests;
ALTER TABLE contact_requests_v2 RENAME TO contact_requests;
CREATE INDEX contact_requests_fingerprint ON contact_requests (fingerprint, created_at);
CREATE INDEX contact_requests_created ON contact_requests (created_at);
CREATE INDEX contact_requests_pending ON contact_requests (next_attempt_at)
  WHERE delivery_status = 'pending' AND status <> 'spam';
