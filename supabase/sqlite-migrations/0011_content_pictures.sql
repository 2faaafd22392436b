-- The owner's pictures for the site, each once by an id made from its files' bytes, and its files
-- at the widths and formats the pages use; never updated nor deleted (as
-- ../migrations/20261127040000_content_pictures.sql).

CREATE TABLE content_pictures (
  id TEXT PRIMARY KEY CHECK (length(id) = 32 AND id NOT GLOB '*[^0-9a-f]*'),
  created_at TEXT NOT NULL,
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0)
) STRICT;

CREATE TABLE content_picture_files (
  name TEXT PRIMARY KEY,
  picture_id TEXT NOT NULL REFERENCES content_pictures (id),
  type TEXT NOT NULL CHECK (type IN ('image/avif', 'image/webp', 'image/jpeg')),
  bytes BLOB NOT NULL
) STRICT;

CREATE INDEX content_picture_files_picture ON content_picture_files (picture_id);
