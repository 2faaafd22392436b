/**
 * Scenario 10: SIGTERM with quote requests in flight, some of them still in the listen backlog.
 * The fault this reproduces: a busy server (an fsync, a burst) has not yet accepted connections
 * that the kernel has; the stop signal is handled first, and closing the listener resets them
 * (behind a proxy, 502s). Each run, on a fresh server:
 *
 * 1. `accepted` requests are accepted and read up to the middle of their body;
 * 2. through the V8 inspector, the server sends itself SIGTERM and then keeps its event loop busy
 *    until released, as a server in the middle of a long synchronous write would be: the signal is
 *    pending before anything else;
 * 3. the other requests connect (the kernel queues them in the backlog: none can be accepted),
 *    and the held ones send the rest of their body;
 * 4. the server is released: it handles the signal first, with all of that waiting.
 *
 * Invariants, every run: at most `maxUnanswered` requests end without an answer; every answer
 * given after the signal says `Connection: close`; every id answered 200 is stored; the server
 * exits 0.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { heldRequest } from "../integration/support/held-request.ts";
import { functionPath, type Harness } from "./harness.ts";
import { inspectorUrl, withInspector } from "./inspector.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore } from "./store-reader.ts";

export type GracefulOptions = {
  /** Fresh servers stopped this way, one after another. */
  runs: number;
  /** Requests in flight at the signal. */
  inFlight: number;
  /** Of those, how many the server has accepted (the rest wait in the backlog). */
  accepted: number;
  /** The issue's bar: at most 2 of 20 may end without an answer, in every run. */
  maxUnanswered: number;
};

export const gracefulDefaults: GracefulOptions = {
  runs: 9,
  inFlight: 20,
  accepted: 5,
  maxUnanswered: 2,
};

type Outcome = {
  status: number | null;
  connectionClose: boolean;
  id: string | null;
  error: string | null;
};

type Exchange = {
  /** Resolves once the kernel has the connection (accepted by the server or in its backlog). */
  connected: Promise<void>;
  /** Resolves once the server has read its head and holds it (its "100 Continue"). */
  inServer: Promise<void>;
  /** Sends what is left of the request. */
  finish(): void;
  outcome: Promise<Outcome>;
};

/**
 * A POST of one quote request over a raw socket, `sent` bytes of its body at first. The held ones
 * ask `Expect: 100-continue`, whose interim answer says the server has them in hand.
 */
function exchange(url: string, key: string, sent: number, announce: boolean): Exchange {
  const request = heldRequest(url, key, sent, { path: functionPath, expectContinue: announce });
  const outcome = request.closed.then(({ answer, error }): Outcome => {
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? Number.NaN);
    return {
      status: Number.isFinite(status) ? status : null,
      connectionClose: /\r\nconnection: close\r\n/i.test(answer),
      id: /"id":"([^"]+)"/.exec(answer)?.[1] ?? null,
      error,
    };
  });
  return {
    connected: request.connected,
    inServer: request.inServer,
    finish: request.finish,
    outcome,
  };
}

type Run = {
  answered: number;
  unanswered: number;
  withoutClose: number;
  acknowledged: string[];
  lost: number;
  exitCode: number | null;
  backlogged: number;
  errors: string[];
  stopMs: number;
};

async function oneRun(h: Harness, serial: number, options: GracefulOptions): Promise<Run> {
  const dataDir = h.dataDir(`graceful-${serial}`);
  const server = await h.startServer({
    dataDir,
    env: { RATE_LIMIT_DISABLED: "true", NODE_OPTIONS: "--inspect=127.0.0.1:0" },
  });
  const inspector = inspectorUrl(server.output());
  if (!inspector) throw new Error("the server did not open its inspector");
  const marker = join(dataDir, `release-${serial}`);

  // 1. Accepted and half read: the server holds each until its body is complete.
  const held = Array.from({ length: options.accepted }, () =>
    exchange(server.url, h.key, 30, true),
  );
  await Promise.all(held.map((request) => request.inServer));
  await withInspector(inspector, async (call) => {
    // 2. The signal first, then a busy event loop until released; the line it prints says so.
    const busyLine = `busy after the signal, run ${serial}`;
    const busy = call("Runtime.evaluate", {
      expression: `(() => {
        const fs = process.getBuiltinModule("node:fs");
        process.kill(process.pid, "SIGTERM");
        process.stdout.write(${JSON.stringify(`${busyLine}\n`)});
        const until = Date.now() + 60_000;
        while (!fs.existsSync(${JSON.stringify(marker)}) && Date.now() < until) {}
        return "released";
      })()`,
      returnByValue: true,
    });
    await server.waitForOutput(busyLine, 30_000, "the server to be busy after the signal");

    // 3. The rest connect into the backlog; the held ones complete their bodies.
    const queued = Array.from({ length: options.inFlight - options.accepted }, () =>
      exchange(server.url, h.key, Number.POSITIVE_INFINITY, false),
    );
    await Promise.all(queued.map((request) => request.connected));
    for (const request of held) request.finish();
    held.push(...queued);

    // 4. Release.
    writeFileSync(marker, "");
    await busy;
  });
  const released = performance.now();
  const outcomes = await Promise.all(held.map((request) => request.outcome));
  const exitCode = await server.exited;
  const stopMs = performance.now() - released;

  const answered = outcomes.filter((outcome) => outcome.status !== null);
  const acknowledged = answered.flatMap((outcome) =>
    outcome.status === 200 && outcome.id ? [outcome.id] : [],
  );
  const stored = new Set(readStore(dataDir).map((row) => row.id));
  return {
    answered: answered.length,
    unanswered: outcomes.length - answered.length,
    withoutClose: answered.filter((outcome) => !outcome.connectionClose).length,
    acknowledged,
    lost: acknowledged.filter((id) => !stored.has(id)).length,
    exitCode,
    backlogged: options.inFlight - options.accepted,
    errors: [
      ...new Set(
        outcomes.flatMap((outcome) => (outcome.status === null ? [outcome.error ?? "closed"] : [])),
      ),
    ],
    stopMs,
  };
}

export async function gracefulScenario(
  h: Harness,
  options: GracefulOptions,
): Promise<ScenarioResult> {
  const runs: Run[] = [];
  for (let serial = 1; serial <= options.runs; serial += 1)
    runs.push(await oneRun(h, serial, options));

  const worst = Math.max(...runs.map((run) => run.unanswered));
  const statusOf = (run: Run) => `${run.answered}/${run.answered + run.unanswered}`;
  const errors = [...new Set(runs.flatMap((run) => run.errors))];
  return {
    id: 10,
    title: "Graceful stop: SIGTERM with requests in flight, some still in the listen backlog",
    figures: [
      [
        "runs x requests in flight (accepted + in the backlog)",
        `${options.runs} x ${options.inFlight} (${options.accepted} + ${options.inFlight - options.accepted})`,
      ],
      ["answered per run", runs.map(statusOf).join(", ")],
      ["ended without an answer, worst run", format.count(worst)],
      ["how those ended", errors.join(", ") || "none"],
      [
        "signal to exit, after the release (s), median",
        format.seconds(
          [...runs.map((run) => run.stopMs)].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ??
            0,
        ),
      ],
    ],
    checks: [
      check(
        `every run: at most ${options.maxUnanswered} of ${options.inFlight} end without an answer`,
        worst <= options.maxUnanswered,
        `worst run ${worst}`,
      ),
      check(
        "every answer after the signal says Connection: close",
        runs.every((run) => run.withoutClose === 0),
        `${runs.reduce((sum, run) => sum + run.withoutClose, 0)} without`,
      ),
      check(
        "every id answered 200 is stored",
        runs.every((run) => run.lost === 0),
        `${runs.reduce((sum, run) => sum + run.acknowledged.length, 0)} acknowledged, ${runs.reduce((sum, run) => sum + run.lost, 0)} lost`,
      ),
      check(
        "the server exits 0 every run",
        runs.every((run) => run.exitCode === 0),
        runs.map((run) => String(run.exitCode)).join(", "),
      ),
    ],
  };
}
