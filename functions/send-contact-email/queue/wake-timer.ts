/**
 * The one timer of a queue's job (the owner's notices, the visitor's e-mails, the follow-ups): it
 * only ever moves earlier until it fires. A pass that read the store before a new item came in
 * must not push back the wake-up that item asked for; a wake-up sooner than needed costs one
 * pass that finds nothing due.
 */
export type WakeTimer = {
  /** Fires in `delayMs` unless already set to fire sooner. */
  wakeIn(delayMs: number): void;
  /** Forgets the wake-up (a pass starts now, or the job stops). */
  clear(): void;
};

export function createWakeTimer(onWake: () => void): WakeTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  const clear = () => {
    clearTimeout(timer);
    dueAt = Number.POSITIVE_INFINITY;
  };
  return {
    wakeIn(delayMs) {
      if (Date.now() + delayMs >= dueAt) return;
      clearTimeout(timer);
      dueAt = Date.now() + delayMs;
      timer = setTimeout(() => {
        clear();
        onWake();
      }, delayMs);
      (timer as { unref?: () => void }).unref?.();
    },
    clear,
  };
}
