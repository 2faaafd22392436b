-- Optional quote details (ZIP and area, estimate, offer, preferred times) as one JSON object,
-- NULL for a request without them (as ../migrations/20261124050000_quote_details.sql).

ALTER TABLE contact_requests ADD COLUMN quote_details TEXT;
