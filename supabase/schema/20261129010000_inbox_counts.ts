import type { SchemaChange } from "./schema-change.ts";

export default {
  about: `
The owner's inbox counts the requests it lists (every status but spam, and spam the owner marked
before it was e-mailed) in the store's query, not by reading them all: an index of the three
columns that count holds the answer, so the count reads the index instead of every row.`,
  up: ({ schema }) => [
    schema
      .createIndex("contact_requests_inbox")
      .on("contact_requests")
      .columns(["status", "delivery_status", "status_set_at"]),
  ],
} satisfies SchemaChange;
