/**
 * What the owner's side needs from a store, beside the ContactStore contract: read one request, set
 * its status (the buttons), and a durable queue of notices (alerts, reminders, digests) that the
 * notifier drains with the same claim / retry / backoff rules as the e-mail outbox. Each notice has
 * a key; enqueueing a key that exists does nothing, which makes every catch-up idempotent.
 */

import type { OwnerAction } from "../base/lead-view.ts";
import type { StoredContactRequest } from "./store.ts";

/** What the owner is told, before it is shaped for a channel (owner/notice.ts builds it). */
export type NoticeKind = "alert" | "reminder" | "digest" | "visitor" | "weekly" | "link";

export type NoticeLead = {
  id: string;
  name: string;
  service: string;
  town: string | null;
  zip: string | null;
  inServiceArea: boolean | null;
  /** The first visit's range; `recurring` each later visit's, null for a one-time cleaning. */
  estimate: {
    low: number;
    high: number;
    recurring: { low: number; high: number } | null;
    currency: string;
  } | null;
  receivedAt: string;
  url: string | null;
};

export type Notice = {
  kind: NoticeKind;
  title: string;
  /** Plain-text lines, in order. */
  lines: string[];
  /** Where a tap leads: the request page (alert, reminder), the editor or the inbox (link). */
  url: string | null;
  /** What the e-mail calls `url` ("Open the request" when absent). */
  urlLabel?: string;
  /** The owner's inbox, every request (added when queued; notices queued before have none). */
  inbox?: string | null;
  /** The leads it is about, for the generic JSON webhook. */
  leads: NoticeLead[];
  /** Who the owner's reply reaches (a visitor's change: the visitor); the business otherwise. */
  replyTo?: { name: string; address: string };
  /** How many changes of a visitor it tells of, when several were joined into one. */
  changes?: number;
};

export type NoticeChannel = "email" | "push";

export type NewNotice = {
  /** e.g. `alert:<id>:push`, `reminder:<id>:email`, `digest:2026-11-24:push` */
  key: string;
  channel: NoticeChannel;
  /** The request it is about, if one (alerts and reminders). */
  requestId: string | null;
  notice: Notice;
  createdAt: Date;
  /** Held until then, so that changes close together can still join it (`coalesce`). */
  dueAt?: Date;
  /**
   * Joins the request's notice of the same channel whose key starts with `prefix`, while it still
   * waits (never attempted, not claimed), instead of adding one: the owner hears of a burst once.
   */
  coalesce?: { prefix: string; merge: (waiting: Notice) => Notice };
};

export type StoredNotice = NewNotice & {
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
};

export type OwnerStore = {
  get(id: string): Promise<StoredContactRequest | null>;
  /**
   * Sets the owner's status. The first move away from `new` to contacted, won or lost records
   * `contactedAt` (the time to answer, in `npm run leads -- --stats`). Null for an unknown id.
   */
  setStatus(id: string, status: OwnerAction, at: Date): Promise<StoredContactRequest | null>;
  /** Requests received at or after `since`, newest first (reminders and the digest). */
  listSince(since: Date): Promise<StoredContactRequest[]>;
  /** True when queued, false when a notice with that key already exists. */
  enqueueNotice(notice: NewNotice): Promise<boolean>;
  listNotices(): Promise<StoredNotice[]>;
};
