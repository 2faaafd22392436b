/**
 * Scenario 5: a flood of generated hostile requests (hostile-cases.ts), valid ones interleaved,
 * and slow clients trickling bytes at the same time. The server runs with its production settings
 * (rate limit on, TRUST_PROXY=1 with a distinct X-Forwarded-For per request so the limiter sees
 * 10,000+ clients and must stay bounded). Invariants: every answer is correct for its category
 * (judge.ts), no 5xx, the server never exits, no answer leaks the secret beside the site, the store
 * holds exactly the accepted requests and each of them re-validates, their e-mails escape markup
 * and carry no injected header, slow clients are cut off in bounded time, and RSS stays flat.
 */

import type autocannon from "autocannon";
import { escapeHtml } from "../support/escape-html.ts";
import { contractViolations } from "./contract-limits.ts";
import { functionPath, type Harness } from "./harness.ts";
import {
  type Category,
  categoryAt,
  type Expectation,
  type HttpCase,
  hostileCase,
  type RawCase,
} from "./hostile-cases.ts";
import { inspectorUrl, type MemoryUsage, memoryAfterGc } from "./inspector.ts";
import { type Answer, judge } from "./judge.ts";
import { forwardedFor, runLoad } from "./load.ts";
import { waitForDrain } from "./mail-ledger.ts";
import { rawExchange, type SlowKind, type SlowResult, slowClient } from "./raw-http.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore } from "./store-reader.ts";

export type HostileOptions = {
  count: number;
  slowClients: number;
  /** Which kinds of slow client to cycle through (tests use only the quick one). */
  slowKinds?: readonly SlowKind[];
  connections?: number;
  seed?: number;
  /** Allowed RSS growth from after the warm-up to after the pause (bytes). */
  rssToleranceBytes?: number;
};

/** Headers within 10 s, whole request within 30 s (server/site-server.ts), checked each second. */
const slowBounds: Record<SlowKind, number> = { headers: 12_500, body: 32_500, silent: 32_500 };
const rawTransport = new Set<Category>(["oversized-body", "protocol"]);

type Tally = { sent: number; correct: number; statuses: Map<string, number>; problems: string[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function hostileScenario(
  h: Harness,
  options: HostileOptions,
): Promise<ScenarioResult> {
  const seed = options.seed ?? 20261122;
  const runId = crypto.randomUUID().slice(0, 8);
  const smtp = await h.startSmtp();
  const dataDir = h.dataDir("hostile");
  // The V8 inspector on a loopback port lets the benchmark force a full GC before reading memory.
  const server = await h.startServer({
    dataDir,
    smtpUrl: smtp.url,
    env: { TRUST_PROXY: "1", NODE_OPTIONS: "--inspect=127.0.0.1:0" },
  });
  const inspector = inspectorUrl(server.output());
  const afterGc = async (): Promise<MemoryUsage | null> =>
    inspector ? memoryAfterGc(inspector).catch(() => null) : null;
  const port = Number(new URL(server.url).port);
  const context = { key: h.key, runId, seed, client: (index: number) => forwardedFor(index + 1) };

  const tallies = new Map<Category, Tally>();
  const tally = (category: Category) => {
    let entry = tallies.get(category);
    if (!entry) {
      entry = { sent: 0, correct: 0, statuses: new Map(), problems: [] };
      tallies.set(category, entry);
    }
    return entry;
  };
  const accepted = new Map<string, Expectation & { kind: "accepted" }>();
  let serverErrors = 0;
  const record = (category: Category, expect: Expectation, answer: Answer) => {
    const entry = tally(category);
    const label = answer.status === null ? "closed" : String(answer.status);
    entry.statuses.set(label, (entry.statuses.get(label) ?? 0) + 1);
    if (answer.status !== null && answer.status >= 500) serverErrors += 1;
    const problem = judge(expect, answer, h.secret);
    if (problem === null) {
      entry.correct += 1;
      if (expect.kind === "accepted") {
        const id = (JSON.parse(answer.body) as { id: string }).id;
        accepted.set(id, expect);
      }
    } else if (entry.problems.length < 3) {
      entry.problems.push(`${problem} [${answer.body.slice(0, 80).replace(/\s+/g, " ")}]`);
    }
  };

  const httpIndices: number[] = [];
  const rawIndices: number[] = [];
  for (let index = 0; index < options.count; index += 1)
    (rawTransport.has(categoryAt(index)) ? rawIndices : httpIndices).push(index);

  // --- the keep-alive flood through autocannon, in two halves (RSS is read between them) ---
  const inFlight = new Map<number, HttpCase>();
  let nextHttp = 0;
  const flood = async (amount: number) => {
    if (amount <= 0) return null;
    const run = runLoad({
      url: server.url,
      connections: Math.min(options.connections ?? 16, amount),
      amount,
      requests: [
        {
          method: "GET",
          path: "/",
          setupRequest: (request, requestContext) => {
            const index = httpIndices[nextHttp] ?? httpIndices[0] ?? 0;
            nextHttp += 1;
            const item = hostileCase(index, context) as HttpCase;
            inFlight.set(index, item);
            tally(item.category).sent += 1;
            (requestContext as { index?: number }).index = index;
            return {
              ...request,
              method: item.method as autocannon.Request["method"],
              path: item.path,
              headers: item.headers,
              body: item.body ?? Buffer.alloc(0),
            };
          },
          onResponse: (status, body, requestContext, headers) => {
            const index = (requestContext as { index: number }).index;
            const item = inFlight.get(index);
            if (!item) return;
            inFlight.delete(index);
            const type = headers?.["content-type"] ?? headers?.["Content-Type"] ?? "";
            record(item.category, item.expect, {
              status,
              contentType: Array.isArray(type) ? (type[0] ?? "") : type,
              body,
            });
          },
        },
      ],
    });
    return run.done;
  };

  // --- raw cases on their own sockets, a few at a time, alongside the flood ---
  const rawStatuses = { hung: 0 };
  const runRaw = async (indices: number[], concurrency = 6) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (;;) {
          const index = indices[next];
          next += 1;
          if (index === undefined) return;
          const item = hostileCase(index, context) as RawCase;
          tally(item.category).sent += 1;
          const answer = await rawExchange(port, item.bytes, {
            timeoutMs: 5000,
            halfClose: item.halfClose ?? false,
            head: item.head ?? false,
          });
          if (answer.hung) rawStatuses.hung += 1;
          record(item.category, item.expect, {
            status: answer.status,
            contentType: answer.headers["content-type"] ?? "",
            body: answer.body.toString("utf8"),
            head: item.head ?? false,
            hung: answer.hung,
          });
        }
      }),
    );
  };

  const rssStart = server.rss();
  const warmUp = Math.min(httpIndices.length, Math.max(50, Math.floor(httpIndices.length / 10)));
  const started = performance.now();
  await flood(warmUp);
  const rssWarm = server.rss();
  const gcWarm = await afterGc();

  const kinds: readonly SlowKind[] = options.slowKinds ?? ["headers", "body", "silent"];
  const slow: Promise<SlowResult>[] = Array.from({ length: options.slowClients }, (_, index) =>
    slowClient(port, kinds[index % kinds.length] as SlowKind, {
      path: functionPath,
      key: h.key,
      maxMs: 45_000,
    }),
  );

  const rest = httpIndices.length - warmUp;
  const half = Math.floor(rest / 2);
  const rawRun = runRaw(rawIndices);
  const first = await flood(half);
  const rssMiddle = server.rss();
  const second = await flood(rest - half);
  await rawRun;
  const floodSeconds = (performance.now() - started) / 1000;
  const rssEnd = server.rss();
  const slowResults = await Promise.all(slow);
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const homepage = alive ? (await fetch(`${server.url}/`)).status : 0;

  const drain = await waitForDrain(dataDir, [smtp], accepted.keys(), { timeoutMs: 60_000 });
  // Kept: the memory after two quiet seconds is the figure measured; the pause is the measurement.
  await sleep(2000);
  const rssAfterPause = server.rss();
  const gcEnd = await afterGc();

  // --- what reached the store and the mailbox ---
  const rows = readStore(dataDir);
  const unexpectedRows = rows.filter((row) => !accepted.has(row.id)).length;
  const storedIds = new Set(rows.map((row) => row.id));
  const missingRows = [...accepted.keys()].filter((id) => !storedIds.has(id)).length;
  const invalidRows = rows.filter((row) => contractViolations(row).length > 0).length;
  let unescaped = 0;
  let injected = 0;
  const mailById = new Map(
    smtp.received.map((item) => [item.mail.header("x-contact-request-id") ?? "", item]),
  );
  for (const [id, expect] of accepted) {
    const mail = mailById.get(id);
    if (!mail) continue;
    if (expect.mail === "escaped" && expect.payload) {
      if (
        mail.mail.html.includes(expect.payload) ||
        !mail.mail.html.includes(escapeHtml(expect.payload))
      )
        unescaped += 1;
    }
    if (expect.mail === "no-header") {
      const headerNames = [...mail.mail.headers.keys()];
      const subject = mail.mail.header("subject") ?? "";
      if (
        headerNames.includes("bcc") ||
        headerNames.includes("cc") ||
        mail.envelopeTo.some((to) => to !== "owner@example.com") ||
        /[\r\n\u0085\u2028]/.test(subject)
      )
        injected += 1;
    }
  }
  await server.stop();

  // --- figures ---
  const totals = [...tallies.values()].reduce(
    (sum, entry) => ({ sent: sum.sent + entry.sent, correct: sum.correct + entry.correct }),
    { sent: 0, correct: 0 },
  );
  const separatorsAccepted = [...accepted.values()].filter(
    (item) => item.mail === "no-header",
  ).length;
  const hostileSent = totals.sent - (tally("valid").sent + tally("markup-in-text").sent);
  const wrong = [...tallies].filter(([, entry]) => entry.correct !== entry.sent);
  const slowCut = slowResults.filter(
    (result) => result.cutAfterMs !== null && result.cutAfterMs <= slowBounds[result.kind],
  );
  const slowServerErrors = slowResults.filter((result) => (result.status ?? 0) >= 500).length;
  const slowByKind = kinds
    .map((kind) => {
      const ofKind = slowResults.filter((result) => result.kind === kind);
      if (ofKind.length === 0) return null;
      const times = ofKind.map((result) =>
        result.cutAfterMs === null ? "never" : format.seconds(result.cutAfterMs),
      );
      const statuses = [...new Set(ofKind.map((result) => result.status ?? "closed"))].join("/");
      return `${kind}: ${ofKind.length} cut after ${[...new Set(times)].join(", ")} s (${statuses})`;
    })
    .filter(Boolean);
  // Flat means: after a full GC, the live heap and the resident memory are where they were after
  // the warm-up. Without the inspector, RSS after the pause is compared instead.
  const heapTolerance = 8 * 1024 * 1024;
  const rssTolerance = options.rssToleranceBytes ?? 32 * 1024 * 1024;
  const heapGrowth = gcWarm && gcEnd ? gcEnd.heapUsed - gcWarm.heapUsed : Number.NaN;
  const gcRssGrowth = gcWarm && gcEnd ? gcEnd.rss - gcWarm.rss : rssAfterPause - rssWarm;
  const memoryFlat =
    (Number.isNaN(heapGrowth) || heapGrowth <= heapTolerance) &&
    Number.isFinite(gcRssGrowth) &&
    gcRssGrowth <= rssTolerance;
  const signed = (bytes: number) =>
    Number.isNaN(bytes) ? "-" : `${bytes >= 0 ? "+" : ""}${format.mib(bytes)}`;
  const latency = [first, second].filter((result) => result !== null);

  const categoryLines = [...tallies]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, entry]) => {
      const statuses = [...entry.statuses].map(([status, n]) => `${status}×${n}`).join(" ");
      const problems = entry.problems.length ? `  WRONG e.g. ${entry.problems[0]}` : "";
      return `    ${category.padEnd(20)} ${String(entry.correct).padStart(5)}/${String(entry.sent).padEnd(5)} ${statuses}${problems}`;
    });

  return {
    id: 5,
    title: "Hostile input: generated bad requests, valid ones interleaved, slow clients",
    figures: [
      ["hostile requests (generated, seed)", `${format.count(hostileSent)} (${seed})`],
      [
        "valid requests interleaved (plain / with markup in text)",
        `${tally("valid").sent} / ${tally("markup-in-text").sent}`,
      ],
      ['accepted names with U+2028 / U+0085 before "Bcc:"', format.count(separatorsAccepted)],
      ["slow clients trickling bytes", format.count(options.slowClients)],
      ["categories", String(tallies.size)],
      [
        "answers correct for their category",
        `${format.count(totals.correct)} of ${format.count(totals.sent)}`,
      ],
      ["5xx answers", format.count(serverErrors + slowServerErrors)],
      ["raw sockets with no answer within 5 s", format.count(rawStatuses.hung)],
      [
        "flood duration (s) / requests per second",
        `${floodSeconds.toFixed(1)} / ${format.rate(totals.sent / floodSeconds)}`,
      ],
      [
        "flood latency p50 / p99 / max (ms)",
        latency
          .map((result) => `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`)
          .join("; "),
      ],
      ["rows stored / accepted", `${rows.length} / ${accepted.size}`],
      [
        "RSS start / after warm-up / middle / end / after 2 s pause (MiB)",
        [rssStart, rssWarm, rssMiddle, rssEnd, rssAfterPause].map(format.mib).join(" / "),
      ],
      [
        "after a full GC, warm-up -> end: RSS (MiB)",
        gcWarm && gcEnd
          ? `${format.mib(gcWarm.rss)} -> ${format.mib(gcEnd.rss)} (${signed(gcRssGrowth)})`
          : "no inspector",
      ],
      [
        "after a full GC, warm-up -> end: JS heap used (MiB)",
        gcWarm && gcEnd
          ? `${format.mib(gcWarm.heapUsed)} -> ${format.mib(gcEnd.heapUsed)} (${signed(heapGrowth)})`
          : "no inspector",
      ],
    ],
    checks: [
      check(
        "at least the requested number of hostile requests were sent",
        hostileSent >= options.count * 0.9 && totals.sent >= options.count,
        `${totals.sent} sent`,
      ),
      check(
        "every answer is correct for its category (see the definitions)",
        wrong.length === 0,
        wrong.length === 0
          ? `${totals.correct} of ${totals.sent}`
          : `wrong in ${wrong.map(([category, entry]) => `${category} (${entry.sent - entry.correct})`).join(", ")}`,
      ),
      check(
        "no socket hangs: every raw request is answered or closed in time, no flood timeout",
        rawStatuses.hung === 0 && latency.every((result) => result.timeouts === 0),
        `${rawStatuses.hung} hung sockets; ${latency.map((result) => result.timeouts).join(" + ") || 0} flood timeouts`,
      ),
      check(
        "no 5xx, the server never exits and still serves pages",
        serverErrors + slowServerErrors === 0 && alive && homepage === 200,
        `${serverErrors + slowServerErrors} 5xx; alive ${alive}; GET / ${homepage}`,
      ),
      check(
        "valid requests sent in between all succeed",
        tally("valid").correct === tally("valid").sent &&
          tally("markup-in-text").correct === tally("markup-in-text").sent,
        `${tally("valid").correct} of ${tally("valid").sent} plain, ${tally("markup-in-text").correct} of ${tally("markup-in-text").sent} with markup`,
      ),
      check(
        "nothing invalid is stored: exactly the accepted requests, each within the contract's limits",
        unexpectedRows === 0 && missingRows === 0 && invalidRows === 0,
        `${unexpectedRows} unexpected, ${missingRows} missing, ${invalidRows} invalid`,
      ),
      check(
        "e-mails escape markup and carry no injected header",
        drain.drained && unescaped === 0 && injected === 0,
        `${unescaped} unescaped, ${injected} injected; drained ${drain.drained}`,
      ),
      check(
        "slow clients are cut off in bounded time (headers 10 s, request 30 s)",
        slowCut.length === slowResults.length,
        `${slowCut.length} of ${slowResults.length}`,
      ),
      check(
        `memory stays flat: after a full GC, heap +${format.mib(heapTolerance)} MiB and RSS +${format.mib(rssTolerance)} MiB at most`,
        memoryFlat,
        `heap ${signed(heapGrowth)} MiB, RSS ${signed(gcRssGrowth)} MiB${gcWarm && gcEnd ? "" : " (no inspector: RSS without GC)"}`,
      ),
    ],
    notes: [
      "  per category: correct/sent, answers (status×count; 'closed' = connection closed without an answer):",
      ...categoryLines,
      ...(slowByKind.length ? [`  slow clients: ${slowByKind.join("; ")}`] : []),
    ],
  };
}
