/**
 * A store that lives in memory, for unit tests (handler, outbox). Loses everything on exit; no host
 * uses it.
 */
import type { NewNotice, OwnerStore, StoredNotice } from "./owner/owner-store.ts";
import type { ContactStore, StoredContactRequest } from "./store.ts";

type Row = StoredContactRequest & { fingerprint: string; claimedAt: number | null };
type NoticeRow = StoredNotice & { nextAttemptAt: number; claimedAt: number | null };

export function createMemoryStore(
  options: { failWith?: () => Error | null } = {},
): ContactStore & OwnerStore {
  const rows = new Map<string, Row>();
  const notices = new Map<string, NoticeRow>();
  const publicNotice = ({ nextAttemptAt: _n, claimedAt: _c, ...row }: NoticeRow): StoredNotice =>
    structuredClone(row);
  const fail = () => {
    const error = options.failWith?.();
    if (error) throw error;
  };
  const publicRow = ({ fingerprint: _f, claimedAt: _c, ...row }: Row): StoredContactRequest =>
    structuredClone(row);

  return {
    async submit({ id, data, details, fingerprint, receivedAt, dedupeWindowMs, status = "new" }) {
      fail();
      const since = receivedAt.getTime() - dedupeWindowMs;
      for (const row of rows.values()) {
        if (row.fingerprint === fingerprint && Date.parse(row.createdAt) > since) {
          return { id: row.id, duplicate: true };
        }
      }
      const createdAt = receivedAt.toISOString();
      rows.set(id, {
        ...structuredClone(data),
        ...structuredClone(details ?? {}),
        id,
        createdAt,
        fingerprint,
        status,
        deliveryStatus: "pending",
        attempts: 0,
        lastError: null,
        nextAttemptAt: createdAt,
        sentAt: null,
        deliveredTo: null,
        deliveredRecipients: [],
        contactedAt: null,
        claimedAt: null,
      });
      return { id, duplicate: false };
    },
    async claimDue(now, limit, leaseMs) {
      fail();
      const due = [...rows.values()]
        .filter(
          (row) =>
            row.deliveryStatus === "pending" &&
            row.status !== "spam" &&
            Date.parse(row.nextAttemptAt) <= now.getTime() &&
            (row.claimedAt === null || row.claimedAt <= now.getTime() - leaseMs),
        )
        .sort(
          (a, b) =>
            Number(a.attempts > 0) - Number(b.attempts > 0) ||
            a.nextAttemptAt.localeCompare(b.nextAttemptAt),
        )
        .slice(0, limit);
      for (const row of due) {
        row.claimedAt = now.getTime();
        row.attempts += 1;
      }
      return due.map(publicRow);
    },
    async markSent(id, at, deliveredTo) {
      fail();
      const row = rows.get(id);
      if (!row) return;
      Object.assign(row, {
        deliveryStatus: "sent",
        sentAt: at.toISOString(),
        deliveredTo,
        lastError: null,
        claimedAt: null,
      });
    },
    async markRetry(id, { error, retryAt, deliveredRecipients }) {
      fail();
      const row = rows.get(id);
      if (row?.deliveryStatus !== "pending") return;
      Object.assign(row, {
        lastError: error,
        nextAttemptAt: retryAt.toISOString(),
        claimedAt: null,
        deliveredRecipients: deliveredRecipients ?? row.deliveredRecipients,
      });
    },
    async markFailed(id, { error, deliveredRecipients }) {
      fail();
      const row = rows.get(id);
      if (row?.deliveryStatus !== "pending") return;
      Object.assign(row, {
        deliveryStatus: "failed",
        lastError: error,
        claimedAt: null,
        deliveredRecipients: deliveredRecipients ?? row.deliveredRecipients,
      });
    },
    async nextDueAt(leaseMs) {
      fail();
      let earliest: number | null = null;
      for (const row of rows.values()) {
        if (row.deliveryStatus !== "pending" || row.status === "spam") continue;
        const due = Math.max(
          Date.parse(row.nextAttemptAt),
          row.claimedAt === null ? 0 : row.claimedAt + leaseMs,
        );
        earliest = earliest === null ? due : Math.min(earliest, due);
      }
      return earliest === null ? null : new Date(earliest);
    },
    async list() {
      return [...rows.values()]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(publicRow);
    },
    async get(id) {
      fail();
      const row = rows.get(id);
      return row ? publicRow(row) : null;
    },
    async setStatus(id, status, at) {
      fail();
      const row = rows.get(id);
      if (!row) return null;
      row.status = status;
      if (!row.contactedAt && status !== "spam") row.contactedAt = at.toISOString();
      return publicRow(row);
    },
    async listSince(since) {
      fail();
      return [...rows.values()]
        .filter((row) => Date.parse(row.createdAt) >= since.getTime())
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(publicRow);
    },
    async enqueueNotice(notice: NewNotice) {
      fail();
      if (notices.has(notice.key)) return false;
      notices.set(notice.key, {
        ...structuredClone(notice),
        status: "pending",
        attempts: 0,
        lastError: null,
        sentAt: null,
        nextAttemptAt: notice.createdAt.getTime(),
        claimedAt: null,
      });
      return true;
    },
    async claimDueNotices(now, limit, leaseMs) {
      fail();
      const due = [...notices.values()]
        .filter(
          (row) =>
            row.status === "pending" &&
            row.nextAttemptAt <= now.getTime() &&
            (row.claimedAt === null || row.claimedAt <= now.getTime() - leaseMs),
        )
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
        .slice(0, limit);
      for (const row of due) {
        row.claimedAt = now.getTime();
        row.attempts += 1;
      }
      return due.map(publicNotice);
    },
    async markNoticeSent(key, at) {
      fail();
      const row = notices.get(key);
      if (row) Object.assign(row, { status: "sent", sentAt: at.toISOString(), claimedAt: null });
    },
    async markNoticeRetry(key, error, retryAt) {
      fail();
      const row = notices.get(key);
      if (row?.status === "pending")
        Object.assign(row, { lastError: error, nextAttemptAt: retryAt.getTime(), claimedAt: null });
    },
    async markNoticeFailed(key, error) {
      fail();
      const row = notices.get(key);
      if (row?.status === "pending")
        Object.assign(row, { status: "failed", lastError: error, claimedAt: null });
    },
    async nextNoticeDueAt(leaseMs) {
      fail();
      let earliest: number | null = null;
      for (const row of notices.values()) {
        if (row.status !== "pending") continue;
        const due = Math.max(
          row.nextAttemptAt,
          row.claimedAt === null ? 0 : row.claimedAt + leaseMs,
        );
        earliest = earliest === null ? due : Math.min(earliest, due);
      }
      return earliest === null ? null : new Date(earliest);
    },
    async listNotices() {
      return [...notices.values()].map(publicNotice);
    },
    async close() {},
  };
}
