import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWakeTimer } from "./wake-timer.ts";

describe("a queue job's wake timer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("moves only earlier: a later wake-up never pushes back a sooner one", () => {
    const woken: number[] = [];
    const timer = createWakeTimer(() => woken.push(Date.now()));
    const start = Date.now();
    timer.wakeIn(10_000);
    timer.wakeIn(300_000);
    vi.advanceTimersByTime(10_000);
    expect(woken).toEqual([start + 10_000]);
  });

  it("pulls a later wake-up forward, fires once, and can be set again after it fired", () => {
    let woken = 0;
    const timer = createWakeTimer(() => {
      woken += 1;
    });
    timer.wakeIn(60_000);
    timer.wakeIn(1_000);
    vi.advanceTimersByTime(60_000);
    expect(woken).toBe(1);
    timer.wakeIn(5_000);
    vi.advanceTimersByTime(5_000);
    expect(woken).toBe(2);
  });

  it("forgets its wake-up when cleared, so that the next one may be later", () => {
    let woken = 0;
    const timer = createWakeTimer(() => {
      woken += 1;
    });
    timer.wakeIn(1_000);
    timer.clear();
    timer.wakeIn(20_000);
    vi.advanceTimersByTime(19_999);
    expect(woken).toBe(0);
    vi.advanceTimersByTime(1);
    expect(woken).toBe(1);
  });
});
