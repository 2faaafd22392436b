/**
 * Waiting for what a test's stand-in receives (an e-mail, a push, a line of output) by the
 * arrival itself: each waiter's condition is checked when something arrives, not on a timer.
 */
export type Arrivals = {
  /** Call after each arrival: the waiters whose condition now holds resolve. */
  arrived(): void;
  /**
   * Resolves once `condition` holds (at once if it already does), checked at every arrival;
   * rejects after `timeoutMs` with `what` in the message.
   */
  until(condition: () => boolean, timeoutMs: number, what: string): Promise<void>;
};

export function createArrivals(): Arrivals {
  const waiters = new Set<() => void>();
  return {
    arrived() {
      for (const check of [...waiters]) check();
    },
    until(condition, timeoutMs, what) {
      if (condition()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const end = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        const check = () => {
          let holds: boolean;
          try {
            holds = condition();
          } catch (error) {
            end();
            reject(error);
            return;
          }
          if (holds) {
            end();
            resolve();
          }
        };
        const timer = setTimeout(() => {
          end();
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
  };
}
