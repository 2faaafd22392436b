import type { SchemaChange } from "./schema-change.ts";

export default {
  about: `
A time a customer picked online can be held for the owner's one tap instead of booked at once
(the Online booking setting "Booked at once or held until you confirm"): the visit is stored and
takes its crew like any other, marked held (1) until the owner confirms it (0) or turns it down
(the visit is cancelled and the customer asked for another time).`,
  up: ({ schema, types }) => [
    schema
      .alterTable("contact_requests")
      .addColumn("visit_held", types.integer, (column) => column.notNull().defaultTo(0)),
  ],
} satisfies SchemaChange;
