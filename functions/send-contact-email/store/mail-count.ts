/**
 * The hourly e-mail cap's count (outbox.ts): e-mails sent per clock hour, and who sends the digest
 * of what waited in a capped hour. The Postgres store keeps it in the database, so that several
 * servers on one database, and Edge Function instances that come and go, share one cap
 * (docs/decisions/0009-postgres-store.md). One server per data folder (SQLite) counts in
 * memory: a restart starts the hour's count again.
 */
export type MailCount = {
  /** One more e-mail sent in `hour` (whole hours since the epoch, UTC). */
  add(hour: number): Promise<void>;
  /** E-mails counted in `hour`. */
  sent(hour: number): Promise<number>;
  /** True for the first caller only: that one sends the digest of what waited in `hour`. */
  claimDigest(hour: number): Promise<boolean>;
};

const hourMs = 3_600_000;

/** The clock hour of `at`, as MailCount counts them. */
export function hourOf(at: Date): number {
  return Math.floor(at.getTime() / hourMs);
}

/** When clock hour `hour` starts. */
export function hourStart(hour: number): number {
  return hour * hourMs;
}

export function memoryMailCount(): MailCount {
  const counts = new Map<number, { sent: number; digestClaimed: boolean }>();
  const entry = (hour: number) => {
    let found = counts.get(hour);
    if (!found) {
      found = { sent: 0, digestClaimed: false };
      counts.set(hour, found);
      // Only the current and the previous hour matter.
      for (const old of counts.keys()) if (old < hour - 1) counts.delete(old);
    }
    return found;
  };
  return {
    async add(hour) {
      entry(hour).sent += 1;
    },
    async sent(hour) {
      return counts.get(hour)?.sent ?? 0;
    },
    async claimDigest(hour) {
      const found = entry(hour);
      if (found.digestClaimed) return false;
      found.digestClaimed = true;
      return true;
    },
  };
}
