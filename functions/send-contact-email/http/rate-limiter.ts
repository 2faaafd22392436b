/**
 * Fixed-window request counter per client address (contact-api.md, "Abuse"). Memory is bounded:
 * at most `maxClients` addresses are tracked; expired windows are swept, and when the table is
 * still full the oldest entry is dropped, so a flood of distinct addresses cannot grow it.
 */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request; a limiter whose counts live in a database answers asynchronously. */
  consume(clientKey: string, now?: number): RateLimitDecision | Promise<RateLimitDecision>;
  /** Addresses tracked in memory, for tests and memory checks (none for a database limiter). */
  readonly size: number;
};

/** The in-memory limiter answers at once. */
export type MemoryRateLimiter = Omit<RateLimiter, "consume"> & {
  consume(clientKey: string, now?: number): RateLimitDecision;
};

export type RateLimiterOptions = {
  max: number;
  windowMs: number;
  maxClients?: number;
};

type Window = { count: number; resetAt: number };

export function createRateLimiter({
  max,
  windowMs,
  maxClients = 10_000,
}: RateLimiterOptions): MemoryRateLimiter {
  const windows = new Map<string, Window>();

  function sweep(now: number) {
    for (const [key, window] of windows) {
      if (window.resetAt <= now) windows.delete(key);
    }
  }

  return {
    get size() {
      return windows.size;
    },
    consume(clientKey, now = Date.now()) {
      let window = windows.get(clientKey);
      if (window && window.resetAt <= now) {
        windows.delete(clientKey);
        window = undefined;
      }
      if (!window) {
        if (windows.size >= maxClients) sweep(now);
        if (windows.size >= maxClients) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        window = { count: 0, resetAt: now + windowMs };
        windows.set(clientKey, window);
      }
      if (window.count >= max) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
        };
      }
      window.count += 1;
      return { allowed: true };
    },
  };
}

/** The explicit opt-out (RATE_LIMIT_DISABLED=true) for loopback benchmarks. */
export const unlimited: RateLimiter = {
  size: 0,
  consume: () => ({ allowed: true }),
};
