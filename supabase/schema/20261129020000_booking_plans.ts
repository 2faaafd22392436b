import { sql } from "kysely";
import type { SchemaChange } from "./schema-change.ts";

export default {
  about: `
A request may hold a recurring plan the customer booked online (docs/owner.md, "Plans"): how
often, the first visit's day and time, how long each visit takes, the later visits' price, and
what the customer or the owner changed since (skipped and moved dates, a pause, a cancellation),
as one JSON value that the booking rules read whole. The request's visit stays the plan's first
one. An index lists the requests with a plan: every booking reads them for its capacity.`,
  up: ({ schema, types }) => [
    schema.alterTable("contact_requests").addColumn("plan", types.json),
    schema
      .createIndex("contact_requests_plan")
      .on("contact_requests")
      .column("id")
      .where(sql<boolean>`plan is not null`),
  ],
} satisfies SchemaChange;
