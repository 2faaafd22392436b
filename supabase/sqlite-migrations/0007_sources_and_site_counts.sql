-- Where requests come from and what the site counts (as
-- ../migrations/20261126030000_sources_and_site_counts.sql):
-- - source: where the visit of a request came from (landing page, referring host, campaign tags),
--   JSON text, NULL when the request carried none;
-- - site_counts: daily totals per page and event (page views, taps on phone links, quote forms
--   started), counted without cookies; a day is the business's (America/New_York). One row per
--   day, page and event: nothing about any visitor.

ALTER TABLE contact_requests ADD COLUMN source TEXT;

CREATE TABLE site_counts (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  event TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, path, event)
) STRICT, WITHOUT ROWID;
