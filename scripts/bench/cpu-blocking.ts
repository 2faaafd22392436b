/**
 * The blocking time a page costs a cheap phone, from the CPU time of its main-thread tasks after
 * the first contentful paint: each task's CPU time times the phone's slowdown, less the 50 ms a
 * task may take, summed (Total Blocking Time's own rule). Why not Lighthouse's simulated TBT on
 * this host (docs/decisions/0013-blocking-from-cpu-time.md): its simulation works from wall time,
 * which other programs on a shared host stretch (a task of 0.6 ms of CPU recorded as 8.9 ms, then
 * multiplied by 10), and it leaves out tasks under 10 ms of that wall time, which at our
 * multiplier of about 10 are long tasks on the phone. Chromium records each task's CPU time beside
 * its wall time (`tdur`); that is what the phone would have to do.
 */

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string } } & Record<string, unknown>;
};

export type BlockingTask = {
  /** From the first contentful paint, ms of wall time. */
  startMs: number;
  cpuMs: number;
  /** What ran: a script's file name, "document" (HTML, style, layout, paint) or "browser". */
  source: string;
  blockingMs: number;
};

export type CpuBlocking = {
  totalMs: number;
  bySource: Record<string, number>;
  tasks: BlockingTask[];
};

const longTaskMs = 50;
const documentWork = new Set(["ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "PrePaint"]);

/**
 * Blocking time after the first contentful paint on the page's main thread (the thread that
 * painted it), with every task slowed by `multiplier`; null when the trace has no paint.
 */
export function cpuBlocking(events: readonly TraceEvent[], multiplier: number): CpuBlocking | null {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return null;
  const thread = events
    .filter((event) => event.pid === paint.pid && event.tid === paint.tid && event.ph !== "M")
    .sort((a, b) => a.ts - b.ts);

  const tasks: BlockingTask[] = [];
  let taskEnd = Number.NEGATIVE_INFINITY;
  thread.forEach((task, index) => {
    // Top-level tasks only (a nested message loop's tasks are part of their parent's time).
    if (task.name !== "RunTask" || task.ph !== "X" || task.ts < taskEnd) return;
    taskEnd = task.ts + (task.dur ?? 0);
    if (task.ts < paint.ts) return;
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    const blockingMs = Math.max(0, cpuMs * multiplier - longTaskMs);
    if (blockingMs === 0) return;
    const inside: TraceEvent[] = [];
    for (let next = index + 1; next < thread.length; next += 1) {
      const event = thread[next] as TraceEvent;
      if (event.ts >= taskEnd) break;
      inside.push(event);
    }
    tasks.push({
      startMs: (task.ts - paint.ts) / 1000,
      cpuMs,
      source: sourceOf(inside),
      blockingMs,
    });
  });

  const bySource: Record<string, number> = {};
  for (const task of tasks) bySource[task.source] = (bySource[task.source] ?? 0) + task.blockingMs;
  return {
    totalMs: tasks.reduce((total, task) => total + task.blockingMs, 0),
    bySource,
    tasks,
  };
}

/** The first script the task ran, by file name without its content hash; else what kind of work. */
function sourceOf(inside: TraceEvent[]): string {
  const script = inside
    .map((event) => event.args?.data?.url ?? "")
    .find((url) => /^https?:/.test(url));
  if (script) {
    const file = new URL(script).pathname.split("/").pop() ?? script;
    return /\.m?js$/.test(file) ? file.replace(/-[\w-]{8}\.js$/, ".js") : "document";
  }
  return inside.some((event) => documentWork.has(event.name)) ? "document" : "browser";
}
