-- A booked visit and the visitor's side (as ../migrations/20261126020000_booked_visits.sql;
-- docs/decisions/0014-booked-visits.md):
-- - lead_statuses: the statuses a request may have, one row each; `booked` joins them. A status is
--   added with one INSERT here and one in the Postgres twin (and one line in
--   functions/send-contact-email/base/lead-status.ts), never by rebuilding contact_requests.
-- - status loses its CHECK (SQLite cannot change one in place): the column is moved, keeping every
--   row and every other column, and triggers check it against lead_statuses.
-- - the visit (UTC ISO text), its iCalendar SEQUENCE, when it last changed, the service address;
-- - visitor_emails: the durable queue of e-mails to the visitor (acknowledgement, visit
--   confirmation or cancellation, reminder), with the recipient for the per-address cap;
-- - request_events: what the visitor and the owner did to a request, shown on the owner's page.

CREATE TABLE lead_statuses (status TEXT PRIMARY KEY) STRICT;
INSERT INTO lead_statuses (status)
VALUES ('new'), ('contacted'), ('booked'), ('won'), ('lost'), ('spam');

DROP INDEX contact_requests_pending;
ALTER TABLE contact_requests ADD COLUMN lead_status TEXT NOT NULL DEFAULT 'new';
UPDATE contact_requests SET lead_status = status;
ALTER TABLE contact_requests DROP COLUMN status;
ALTER TABLE contact_requests RENAME COLUMN lead_status TO status;
CREATE INDEX contact_requests_pending ON contact_requests (next_attempt_at)
  WHERE delivery_status = 'pending' AND status <> 'spam';
CREATE TRIGGER contact_requests_status_on_insert BEFORE INSERT ON contact_requests
  WHEN NEW.status NOT IN (SELECT status FROM lead_statuses)
  BEGIN SELECT RAISE(ABORT, 'unknown lead status'); END;
CREATE TRIGGER contact_requests_status_on_update BEFORE UPDATE OF status ON contact_requests
  WHEN NEW.status NOT IN (SELECT status FROM lead_statuses)
  BEGIN SELECT RAISE(ABORT, 'unknown lead status'); END;

ALTER TABLE contact_requests ADD COLUMN visit_start TEXT;
ALTER TABLE contact_requests ADD COLUMN visit_end TEXT;
ALTER TABLE contact_requests ADD COLUMN visit_sequence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE contact_requests ADD COLUMN visit_changed_at TEXT;
ALTER TABLE contact_requests ADD COLUMN service_address TEXT;
CREATE INDEX contact_requests_visit ON contact_requests (visit_start)
  WHERE visit_start IS NOT NULL;

-- kind and payload are the function's (booking/visitor-email-kinds.ts): no CHECK on kind, so a
-- new kind of e-mail to the visitor needs no table rebuild.
CREATE TABLE visitor_emails (
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  request_id TEXT NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
  recipient TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  sent_at TEXT
) STRICT;
CREATE INDEX visitor_emails_pending ON visitor_emails (next_attempt_at) WHERE status = 'pending';
CREATE INDEX visitor_emails_recipient ON visitor_emails (recipient, kind, created_at);
CREATE INDEX visitor_emails_request ON visitor_emails (request_id);

CREATE TABLE request_events (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  actor TEXT NOT NULL CHECK (actor IN ('owner', 'visitor')),
  kind TEXT NOT NULL,
  details TEXT NOT NULL DEFAULT '{}'
) STRICT;
CREATE INDEX request_events_request ON request_events (request_id, at);
