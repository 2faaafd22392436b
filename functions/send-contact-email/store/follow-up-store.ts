/**
 * What follow-ups to customers need from a store (follow-up-job.ts): a durable queue of review
 * requests and follow-ups, one row per key so that each is sent at most once, drained with the
 * same claim / lease / retry rules as every queue (queue-table.ts); the follow-ups sent to one
 * address in a day (the cap); the addresses that opted out; and the requests a follow-up may be
 * due for. Addresses are kept only as SHA-256 hashes (opt-out.ts).
 */
import type { StoredContactRequest } from "./store.ts";

export const followUpKinds = ["review", "follow-up"] as const;
export type FollowUpKind = (typeof followUpKinds)[number];

export type NewFollowUp = {
  /** `review:<id>` or `follow-up:<id>`. */
  key: string;
  kind: FollowUpKind;
  requestId: string;
  addressHash: string;
  /** The request's status when it was queued: a different one at sending time may stop it. */
  queuedStatus: string;
  createdAt: Date;
  /** When it may be sent. */
  dueAt: Date;
};

export type FollowUpState = "pending" | "sent" | "failed" | "stopped";

export type StoredFollowUp = Omit<NewFollowUp, "createdAt" | "dueAt"> & {
  createdAt: string;
  state: FollowUpState;
  attempts: number;
  /** Why it is waiting, failed or stopped. */
  lastError: string | null;
  /** When it is (or was last) due. */
  nextAttemptAt: string;
  sentAt: string | null;
};

export type FollowUpStore = {
  /**
   * True when queued: new, or a stopped one of that key queued again (pending, attempts 0).
   * False when one with that key is pending, sent or failed: each key is sent at most once.
   */
  enqueueFollowUp(item: NewFollowUp): Promise<boolean>;
  /** Final, like sent: the status changed, the customer opted out, the request is gone. */
  stopFollowUp(key: string, reason: string): Promise<void>;
  /** Follow-ups sent to that address at or after `since` (the daily cap). */
  followUpsSentTo(addressHash: string, since: Date): Promise<number>;
  /** A request's follow-ups, oldest first (its page shows them). */
  listFollowUps(requestId: string): Promise<StoredFollowUp[]>;
  /** Records an opt-out; asking twice keeps the first time. */
  optOut(addressHash: string, at: Date): Promise<void>;
  isOptedOut(addressHash: string): Promise<boolean>;
  /**
   * Requests received, or whose status or visit the owner changed, at or after `since`; spam left
   * out.
   */
  listTouchedSince(since: Date): Promise<StoredContactRequest[]>;
};
