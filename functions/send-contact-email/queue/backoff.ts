/**
 * Delay before the next delivery attempt: exponential from `baseMs`, capped at `maxMs`, with
 * "equal jitter" (half fixed, half random) so that many requests failing together (a mail server
 * outage) do not all retry in the same instant.
 */
export type RetryPolicy = { baseMs: number; maxMs: number };

export function retryDelayMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
