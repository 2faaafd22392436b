/**
 * The store of the function (FunctionStore), written once over Kysely for SQLite and for
 * Postgres (decision 0026). Each part implements one or more of the contracts under store/ over
 * the engine (engine.ts): a new method is written once, in its part; a new queue is a descriptor
 * in store/queue-table.ts and a line here. What only one database has stays with its engine:
 * the group commit and releasing claims at start (SQLite, one server per data folder), the rate
 * limit and the hourly cap counted in the database (Postgres, several servers).
 */
import type { BookingStore } from "../store/booking-store.ts";
import type { ContentStore } from "../store/content-store.ts";
import type { CountStore } from "../store/count-store.ts";
import type { FollowUpStore } from "../store/follow-up-store.ts";
import type { InboxStore } from "../store/inbox-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import type { PictureStore } from "../store/picture-store.ts";
import {
  deliveryQueue,
  followUpQueue,
  noticeQueue,
  type Queues,
  visitorEmailQueue,
} from "../store/queue-table.ts";
import type { ContactStore } from "../store/store.ts";
import {
  toStoredFollowUp,
  toStoredNotice,
  toStoredRequest,
  toStoredVisitorEmail,
} from "../store/store-row.ts";
import { bookingOf } from "./booking.ts";
import type { Engine } from "./engine.ts";
import { jobQueue } from "./job-queue.ts";
import { requestsOf } from "./requests.ts";
import { siteContentOf } from "./site-content.ts";

/** Every contract under store/: what function-store.ts calls the FunctionStore. */
export type SqlStore = ContactStore &
  OwnerStore &
  InboxStore &
  BookingStore &
  CountStore &
  FollowUpStore &
  ContentStore &
  PictureStore & {
    /** Forgets in-flight claims of every queue; returns how many. */
    releaseClaims(): Promise<number>;
  };

export function sqlStore(engine: Engine): SqlStore {
  const queues = {
    deliveries: jobQueue(engine, deliveryQueue, toStoredRequest),
    notices: jobQueue(engine, noticeQueue, toStoredNotice),
    visitorEmails: jobQueue(engine, visitorEmailQueue, toStoredVisitorEmail),
    followUps: jobQueue(engine, followUpQueue, toStoredFollowUp),
  } satisfies Queues;
  return {
    ...requestsOf(engine),
    ...bookingOf(engine),
    ...siteContentOf(engine),
    queue: (name) => queues[name],
    async releaseClaims() {
      let released = 0;
      for (const queue of Object.values(queues)) released += await queue.releaseClaims();
      return released;
    },
    close: () => engine.close(),
  };
}
