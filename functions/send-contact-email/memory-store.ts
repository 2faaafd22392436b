/**
 * A store that lives in memory, for unit tests (handler, outbox). Loses everything on exit; no host
 * uses it.
 */
import type { ContactStore, StoredContactRequest } from "./store.ts";

type Row = StoredContactRequest & { fingerprint: string; claimedAt: number | null };

export function createMemoryStore(options: { failWith?: () => Error | null } = {}): ContactStore {
  const rows = new Map<string, Row>();
  const fail = () => {
    const error = options.failWith?.();
    if (error) throw error;
  };
  const publicRow = ({ fingerprint: _f, claimedAt: _c, ...row }: Row): StoredContactRequest => ({
    ...row,
    deliveredRecipients: [...row.deliveredRecipients],
  });

  return {
    async submit({ id, data, fingerprint, receivedAt, dedupeWindowMs, status = "new" }) {
      fail();
      const since = receivedAt.getTime() - dedupeWindowMs;
      for (const row of rows.values()) {
        if (row.fingerprint === fingerprint && Date.parse(row.createdAt) > since) {
          return { id: row.id, duplicate: true };
        }
      }
      const createdAt = receivedAt.toISOString();
      rows.set(id, {
        ...data,
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
    async close() {},
  };
}
