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
import { existsSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { validRequest } from "../integration/support/requests.ts";
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
  /** The bar: at most 2 of 20 may end without an answer, in every run. */
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
  /** Sends what is left of the request. */
  finish(): void;
  outcome: Promise<Outcome>;
};

/** A POST of one quote request over a raw socket, `sent` bytes of its body at first. */
function exchange(port: number, key: string, sent: number): Exchange {
  const body = JSON.stringify(validRequest());
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let error: string | null = null;
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  socket.on("error", (cause: NodeJS.ErrnoException) => {
    error = cause.code ?? cause.message;
  });
  void connected.then(() =>
    socket.write(
      `POST ${functionPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\napikey: ${key}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, sent),
    ),
  );
  const outcome = new Promise<Outcome>((resolve) => {
    socket.once("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? Number.NaN);
      resolve({
        status: Number.isFinite(status) ? status : null,
        connectionClose: /\r\nconnection: close\r\n/i.test(received),
        id: /"id":"([^"]+)"/.exec(received)?.[1] ?? null,
        error,
      });
    });
  });
  return {
    connected,
    finish: () => void connected.then(() => socket.write(body.slice(sent))),
    outcome,
  };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
  const port = Number(new URL(server.url).port);
  const marker = join(dataDir, `release-${serial}`);

  // 1. Accepted and half read: the server holds each until its body is complete.
  const held = Array.from({ length: options.accepted }, () => exchange(port, h.key, 30));
  await Promise.all(held.map((request) => request.connected));
  await withInspector(inspector, async (call) => {
    const accepted = async () => {
      const result = (await call("Runtime.evaluate", {
        expression: `process.getActiveResourcesInfo().filter((name) => name === "TCPSocketWrap").length`,
        returnByValue: true,
      })) as { result: { value: number } };
      return result.result.value;
    };
    const deadline = performance.now() + 30_000;
    while ((await accepted()) < options.accepted) {
      if (performance.now() > deadline)
        throw new Error("the server did not accept the first requests");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    // 2. The signal first, then a busy event loop until released.
    const frozen = `${marker}.frozen`;
    const busy = call("Runtime.evaluate", {
      expression: `(() => {
        const fs = process.getBuiltinModule("node:fs");
        process.kill(process.pid, "SIGTERM");
        fs.writeFileSync(${JSON.stringify(frozen)}, "");
        const until = Date.now() + 60_000;
        while (!fs.existsSync(${JSON.stringify(marker)}) && Date.now() < until) {}
        return "released";
      })()`,
      returnByValue: true,
    });
    await waitFor(() => existsSync(frozen), "the server to be busy after the signal");

    // 3. The rest connect into the backlog; the held ones complete their bodies.
    const queued = Array.from({ length: options.inFlight - options.accepted }, () =>
      exchange(port, h.key, Number.POSITIVE_INFINITY),
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
