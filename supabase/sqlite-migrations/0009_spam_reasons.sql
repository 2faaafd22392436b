-- Why the spam filter judged a request spam (as ../migrations/20261127020000_spam_reasons.sql): a
-- short reason in plain words, set when the filter stores a request as spam; NULL otherwise (and
-- for what the owner marks spam). Repeats merge only into requests that are not spam: that rule
-- lives in the store's query (sqlite-store.ts).

ALTER TABLE contact_requests ADD COLUMN spam_reason TEXT;
