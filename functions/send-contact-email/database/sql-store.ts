/**
 * The store of the function (its contracts: store/), written once for SQLite and for Postgres
 * (decision 0026). Each part implements its contracts over the engine (engine.ts): a new method
 * is written once, in its part; a new queue is a descriptor in store/queue-table.ts and a line
 * here. What only one database has stays with its engine: the group commit and releasing claims
 * at start (SQLite, one server per data folder: sqlite-store.ts), the rate limit and the hourly
 * cap counted in the database (Postgres, several servers: postgres-store.ts).
 */
import type { Queues } from "../store/queue-table.ts";
import * as table from "../store/queue-table.ts";
import * as storeRow from "../store/store-row.ts";
import { bookingOf } from "./booking.ts";
import type { Engine } from "./engine.ts";
import { jobQueue } from "./job-queue.ts";
import { requestsOf } from "./requests.ts";
import { siteContentOf } from "./site-content.ts";

/** Every contract under store/ (function-store.ts names them), and releasing claims. */
export type SqlStore = ReturnType<typeof sqlStore>;

export function sqlStore(engine: Engine) {
  const queues = {
    deliveries: jobQueue(engine, table.deliveryQueue, storeRow.toStoredRequest),
    notices: jobQueue(engine, table.noticeQueue, storeRow.toStoredNotice),
    visitorEmails: jobQueue(engine, table.visitorEmailQueue, storeRow.toStoredVisitorEmail),
    followUps: jobQueue(engine, table.followUpQueue, storeRow.toStoredFollowUp),
  } satisfies Queues;
  return {
    ...requestsOf(engine),
    ...bookingOf(engine),
    ...siteContentOf(engine),
    queue: <Name extends keyof Queues>(name: Name): Queues[Name] => queues[name],
    /** Forgets in-flight claims of every queue; returns how many. */
    async releaseClaims() {
      let released = 0;
      for (const queue of Object.values(queues)) released += await queue.releaseClaims();
      return released;
    },
    close: () => engine.close(),
  };
}
