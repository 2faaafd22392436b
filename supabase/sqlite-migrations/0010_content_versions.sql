-- The owner's published site content, one row a version, never updated nor deleted (as
-- ../migrations/20261127030000_content_versions.sql). The document is kept as the JSON text that
-- was published, so it reads back with its keys in the order they were written.

CREATE TABLE content_versions (
  version INTEGER PRIMARY KEY AUTOINCREMENT,
  published_at TEXT NOT NULL,
  document TEXT NOT NULL CHECK (json_valid(document)),
  changes TEXT NOT NULL CHECK (json_valid(changes)),
  restored_from INTEGER REFERENCES content_versions (version)
) STRICT;
