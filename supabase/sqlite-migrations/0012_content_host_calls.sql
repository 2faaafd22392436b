-- The last call of the static host's build hook (DEPLOY_HOOK_URL) for each content version: one
-- row a version, replaced by the next call for it (as
-- ../migrations/20261127050000_content_host_calls.sql). An unchanged Publish reads it to call the
-- hook again only when that last call failed; the editor's home reads it to say whether the host
-- was told.

CREATE TABLE content_host_calls (
  version INTEGER PRIMARY KEY REFERENCES content_versions (version),
  called_at TEXT NOT NULL,
  host TEXT NOT NULL,
  ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
  reason TEXT
) STRICT;
