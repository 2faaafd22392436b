/**
 * A durable queue as the runner (runner.ts) sees it: jobs that wait in a table until sent or given
 * up. The store implements it once, for every queue table (store/queue-table.ts;
 * database/job-queue.ts), so a new queued e-mail is a table and a deliver function, not five more
 * store methods.
 *
 * A claim marks up to `limit` due jobs as taken (their attempts + 1) for `leaseMs`: another
 * claimer, in this process or another sharing the database, never gets them meanwhile, and a
 * claim older than the lease belongs to a crashed worker and may be taken again.
 */
export type JobQueue<Job, Detail = never> = {
  /** Due jobs, never-attempted first (new work never waits behind old retries), then longest due. */
  claim(now: Date, limit: number, leaseMs: number): Promise<Job[]>;
  /** Sent: the job leaves the queue. */
  complete(key: string, at: Date, detail?: Detail): Promise<void>;
  /** Not sent: claimable again from `at`. A job no longer pending stays as it is. */
  retry(key: string, error: string, at: Date, detail?: Detail): Promise<void>;
  /** Not sent and never will be: kept, failed, with the reason. A job no longer pending stays. */
  giveUp(key: string, error: string, detail?: Detail): Promise<void>;
  /** When something is next due: an unclaimed job's time, or an old claim's lease end; null: idle. */
  nextDue(leaseMs: number): Promise<Date | null>;
};
