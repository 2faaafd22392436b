/**
 * Delay before the next delivery attempt: exponential from `baseMs`, capped at `maxMs`, with
 * "equal jitter" (half fixed, half random) so that many requests failing together (a mail server
 * outage) do not all retry in the same instant.
 */
import type { Logger } from "../base/log.ts";

export type RetryPolicy = { baseMs: number; maxMs: number };

export function retryDelayMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * What a queue does with an item whose attempt failed: after `maxAttempts` it is given up (marked
 * failed with the reason), else tried again after the backoff; logged either way as `what`.
 */
export async function afterFailedAttempt(
  item: { key: string; attempts: number },
  error: string,
  options: {
    what: string;
    maxAttempts: number;
    retry: RetryPolicy;
    now: Date;
    log: Logger;
    giveUp: (error: string) => Promise<void>;
    retryAt: (error: string, at: Date) => Promise<void>;
  },
): Promise<void> {
  const { key, attempts } = item;
  if (attempts >= options.maxAttempts) {
    options.log.error(`${options.what} given up`, { key, attempts, error });
    await options.giveUp(error);
    return;
  }
  const delay = retryDelayMs(attempts, options.retry);
  options.log.warn(`${options.what} not sent, will retry`, { key, retryInMs: delay, error });
  await options.retryAt(error, new Date(options.now.getTime() + delay));
}
