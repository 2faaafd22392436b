import { describe, expect, it } from "vitest";
import { cpuBlocking, type TraceEvent } from "./cpu-blocking";

const page = "http://127.0.0.1:3000/about";
const main = { pid: 7, tid: 1 };
const task = (ts: number, dur: number, tdur: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...main,
  ts,
  dur,
  tdur,
});
const inside = (name: string, ts: number, url?: string): TraceEvent => ({
  name,
  ph: "X",
  ...main,
  ts,
  dur: 100,
  ...(url ? { args: { data: { url } } } : {}),
});

// Times in microseconds, as in a trace; the paint at 100 ms.
const trace: TraceEvent[] = [
  { name: "firstContentfulPaint", ph: "I", ...main, ts: 100_000 },
  // Before the paint: never counted, however long.
  task(20_000, 60_000, 60_000),
  inside("ParseHTML", 21_000),
  // 9 ms of wall time but 0.6 ms of CPU: another program had the core. Not blocking.
  task(120_000, 9_000, 600),
  inside("Layout", 121_000),
  // 8 ms of CPU in the welcome offer's script: 80 ms at 10x, 30 blocking.
  task(200_000, 8_500, 8_000),
  inside("FunctionCall", 200_100, "http://127.0.0.1:3000/assets/welcome-offer-BRU1jDKu.js"),
  // 7 ms of style and layout: the document's, 20 blocking. Its nested task is part of it.
  task(1_100_000, 7_000, 7_000),
  task(1_101_000, 2_000, 2_000),
  inside("UpdateLayoutTree", 1_102_000),
  // 6 ms of nothing a script or the document is named for: the browser's, 10 blocking.
  task(1_200_000, 6_000, 6_000),
  // The inline script is the document's own.
  task(1_300_000, 5_500, 5_500),
  inside("FunctionCall", 1_300_100, page),
  // Another thread: not the page's main thread.
  { ...task(300_000, 50_000, 50_000), tid: 2 },
];

describe("cpuBlocking", () => {
  const result = cpuBlocking(trace, 10);

  it("counts each main-thread task after the paint by its CPU time times the slowdown, over 50 ms", () => {
    expect(result?.tasks.map((each) => Math.round(each.blockingMs))).toEqual([30, 20, 10, 5]);
    expect(result?.totalMs).toBeCloseTo(65);
  });

  it("says what each ran: a script by file name, the document's work, or the browser's", () => {
    expect(result?.bySource).toEqual({
      "welcome-offer.js": 30,
      document: 25,
      browser: 10,
    });
  });

  it("scales with the slowdown: the same trace costs a slower phone more", () => {
    expect(cpuBlocking(trace, 4)?.totalMs).toBe(0);
    expect(cpuBlocking(trace, 20)?.totalMs).toBeCloseTo(110 + 90 + 70 + 60 + 0);
  });

  it("is null for a trace without a paint", () => {
    expect(cpuBlocking(trace.slice(1), 10)).toBeNull();
  });
});
