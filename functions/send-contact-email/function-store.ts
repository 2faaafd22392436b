/** The store the function keeps, as every layer of it is written against it. */
import type { RateLimiter } from "./http/rate-limiter.ts";
import type { BookingStore } from "./store/booking-store.ts";
import type { ContentStore } from "./store/content-store.ts";
import type { CountStore } from "./store/count-store.ts";
import type { FollowUpStore } from "./store/follow-up-store.ts";
import type { InboxStore } from "./store/inbox-store.ts";
import type { MailCount } from "./store/mail-count.ts";
import type { OwnerStore } from "./store/owner-store.ts";
import type { PictureStore } from "./store/picture-store.ts";
import type { ContactStore } from "./store/store.ts";

/**
 * Everything the function keeps: requests and their e-mail, the owner's side and inbox, visits and the
 * visitor's side, the site's counts, the follow-ups to customers, the site's content versions and
 * the owner's pictures.
 */
export type FunctionStore = ContactStore &
  OwnerStore &
  InboxStore &
  BookingStore &
  CountStore &
  FollowUpStore &
  ContentStore &
  PictureStore;

/** What opening the store gives: the store, and counts its database shares between instances. */
export type OpenedStore = {
  store: FunctionStore;
  /** A rate limit counted in the database (Postgres); absent: counted in this process. */
  rateLimiter?: (options: { max: number; windowMs: number }) => RateLimiter;
  /** The hourly e-mail cap counted in the database (Postgres); absent: in this process. */
  mailCount?: MailCount;
};
