/**
 * Scenario 9: past one machine. Two servers share one real Postgres (DATABASE_URL), as behind a
 * load balancer; the submissions are spread over both, and one of them is killed with SIGKILL in
 * the middle and started again. Each server e-mails through its own SMTP server, so every e-mail
 * says which server sent it.
 *
 * Invariants: every acknowledged request is stored, and stored once; every stored request is
 * e-mailed and nothing stays pending; no request is e-mailed by both running servers or twice by
 * one (SKIP LOCKED claims with leases). The one repeat that delivery at least once allows: an
 * e-mail the killed server handed to its SMTP server but could not mark sent before dying is sent
 * again when its lease runs out; those are counted, and cannot exceed one batch of its outbox.
 *
 * First, durable submissions per second on the same machine in the same run: one server on SQLite,
 * one on Postgres, two on Postgres. Postgres runs with fsync on, like SQLite's synchronous=FULL.
 */
import postgres from "postgres";
import { type LocalPostgres, startLocalPostgres } from "../integration/support/postgres.ts";
import type { SmtpSink } from "../integration/support/smtp-sink.ts";
import { onCleanup } from "./cleanup.ts";
import type { Harness, RunningServer } from "./harness.ts";
import { newAnswerLog, okCount, runLoad, submissionRequest } from "./load.ts";
import { mailCounts, waitForQueues } from "./mail-ledger.ts";
import { check, format, type ScenarioResult } from "./report.ts";

export type PostgresScenarioOptions = {
  /** Submissions of the two-server run with the kill. */
  submissions: number;
  /** Submissions of each throughput run (SQLite, Postgres ×1, Postgres ×2). */
  throughputSubmissions: number;
  concurrency: number;
};

/** The outbox's batch size (contactDefaults.concurrency): at most this many claims in flight. */
const outboxBatch = 4;
/** Claims of the killed server are taken over after this long. */
const leaseMs = 5000;
/** Every e-mail is counted at the SMTP servers: no hourly cap folding them into digests. */
const loadEnv = { RATE_LIMIT_DISABLED: "true", MAIL_HOURLY_CAP: "0" };

type Rate = { ok: number; seconds: number; perSecond: number };

/** Spreads `amount` submissions over the servers at once; counts the 200s per second. */
async function measure(h: Harness, servers: RunningServer[], amount: number, concurrency: number) {
  const log = newAnswerLog();
  const started = performance.now();
  await Promise.all(
    servers.map(
      (server, index) =>
        runLoad({
          url: server.url,
          connections: Math.max(1, Math.floor(concurrency / servers.length)),
          amount: Math.floor(amount / servers.length) + (index < amount % servers.length ? 1 : 0),
          requests: [submissionRequest(h.key, log)],
        }).done,
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ok: okCount(log), seconds, perSecond: okCount(log) / seconds } satisfies Rate;
}

async function stopAll(servers: RunningServer[]) {
  for (const server of servers) await server.stop();
}

async function throughput(h: Harness, pg: LocalPostgres, options: PostgresScenarioOptions) {
  const smtp = await h.startSmtp();
  const env = loadEnv;
  const n = options.throughputSubmissions;

  const sqlite = await h.startServer({ dataDir: h.dataDir("pg-sqlite"), smtpUrl: smtp.url, env });
  const sqliteRate = await measure(h, [sqlite], n, options.concurrency);
  await stopAll([sqlite]);

  const oneUrl = pg.createDatabase("bench_one");
  const one = await h.startServer({
    dataDir: h.dataDir("pg-one"),
    smtpUrl: smtp.url,
    env: { ...env, DATABASE_URL: oneUrl },
  });
  const oneRate = await measure(h, [one], n, options.concurrency);
  await stopAll([one]);

  const twoUrl = pg.createDatabase("bench_two");
  const two = await Promise.all(
    ["a", "b"].map((name) =>
      h.startServer({
        dataDir: h.dataDir(`pg-two-${name}`),
        smtpUrl: smtp.url,
        env: { ...env, DATABASE_URL: twoUrl },
      }),
    ),
  );
  const twoRate = await measure(h, two, n, options.concurrency);
  await stopAll(two);
  await smtp.stop();
  return { sqliteRate, oneRate, twoRate };
}

type StoredRow = { id: string; fingerprint: string; delivery_status: string };

export async function postgresScenario(
  h: Harness,
  options: PostgresScenarioOptions,
): Promise<ScenarioResult> {
  const pg = await startLocalPostgres({ durable: true });
  // Stopped on Ctrl-C and errors too, like the servers (bench.ts runs the cleanup).
  const forget = onCleanup("the benchmark's Postgres", () => pg.stop());
  let sql: postgres.Sql | undefined;
  try {
    const rates = await throughput(h, pg, options);

    const url = pg.createDatabase("bench_kill");
    sql = postgres(url, { max: 2, onnotice: () => {} });
    const env = {
      ...loadEnv,
      DATABASE_URL: url,
      OUTBOX_LEASE_MS: String(leaseMs),
    };
    const sinks = {
      killed: await h.startSmtp(),
      other: await h.startSmtp(),
      restarted: await h.startSmtp(),
    };
    const [a, b] = await Promise.all([
      h.startServer({ dataDir: h.dataDir("pg-a"), smtpUrl: sinks.killed.url, env }),
      h.startServer({ dataDir: h.dataDir("pg-b"), smtpUrl: sinks.other.url, env }),
    ]);
    if (!a || !b) throw new Error("servers did not start");

    const logs = { a: newAnswerLog(), b: newAnswerLog(), restarted: newAnswerLog() };
    const total = () => okCount(logs.a) + okCount(logs.b) + okCount(logs.restarted);
    const share = Math.floor(options.submissions / 2);
    const connections = Math.max(1, Math.floor(options.concurrency / 2));
    const killAfter = Math.max(1, Math.floor(options.submissions / 4));
    let killedAt = 0;
    let answeredBeforeKill = 0;
    let answeredByBAtKill = 0;
    let runA: ReturnType<typeof runLoad> | undefined;
    const kill = () => {
      if (killedAt) return;
      killedAt = performance.now();
      answeredBeforeKill = total();
      answeredByBAtKill = okCount(logs.b);
      a.child.kill("SIGKILL");
      runA?.instance.stop();
    };
    const started = performance.now();
    runA = runLoad({
      url: a.url,
      connections,
      amount: share,
      timeout: 5,
      requests: [
        submissionRequest(h.key, logs.a, () => {
          if (total() >= killAfter) kill();
        }),
      ],
    });
    const runB = runLoad({
      url: b.url,
      connections,
      amount: options.submissions - share,
      requests: [
        submissionRequest(h.key, logs.b, () => {
          if (total() >= killAfter) kill();
        }),
      ],
    });
    await runA.done;
    kill();
    await a.exited;
    // Started again (the other server may still be under load); it takes the rest of A's share.
    const restarted = await h.startServer({
      dataDir: h.dataDir("pg-a"),
      smtpUrl: sinks.restarted.url,
      env,
    });
    const rest = share - okCount(logs.a);
    if (rest > 0) {
      await runLoad({
        url: restarted.url,
        connections,
        amount: rest,
        requests: [submissionRequest(h.key, logs.restarted)],
      }).done;
    }
    await runB.done;
    const loadSeconds = (performance.now() - started) / 1000;
    // B may finish its share before A is back: what counts is that it answered after the kill.
    const bKeptAnswering =
      okCount(logs.b) > answeredByBAtKill || answeredByBAtKill === options.submissions - share;

    const acknowledged = [...new Set([logs.a, logs.b, logs.restarted].flatMap((log) => log.ids))];
    const allSinks = [sinks.killed, sinks.other, sinks.restarted];
    const drain = await waitForPostgresDrain(sql, allSinks, acknowledged, leaseMs * 6 + 60_000);
    const rows = await sql<
      StoredRow[]
    >`select id, fingerprint, delivery_status from contact_requests`;
    await stopAll([b, restarted]);

    const stored = new Set(rows.map((row) => row.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    const fingerprints = new Set(rows.map((row) => row.fingerprint));
    const pending = rows.filter((row) => row.delivery_status !== "sent").length;
    const perSink = allSinks.map((sink) => mailCounts([sink]));
    const [byKilled, byOther, byRestarted] = perSink as [
      Map<string, number>,
      Map<string, number>,
      Map<string, number>,
    ];
    const all = mailCounts(allSinks);
    const unmailed = rows.filter((row) => (all.get(row.id) ?? 0) === 0).length;
    const twiceByOneServer = perSink.reduce(
      (sum, counts) => sum + [...counts.values()].filter((count) => count > 1).length,
      0,
    );
    const byBothRunning = [...byOther.keys()].filter((id) => byRestarted.has(id)).length;
    const killWindowRepeats = [...byKilled.keys()].filter(
      (id) => byOther.has(id) || byRestarted.has(id),
    ).length;
    const exactlyOnce = rows.filter((row) => all.get(row.id) === 1).length;

    return {
      id: 9,
      title: "Two servers on one Postgres: spread load, SIGKILL one mid-load, restart it",
      figures: [
        [
          "durable submissions/s: SQLite, 1 server",
          `${format.rate(rates.sqliteRate.perSecond)} (${format.count(rates.sqliteRate.ok)} in ${rates.sqliteRate.seconds.toFixed(1)} s)`,
        ],
        [
          "durable submissions/s: Postgres, 1 server",
          `${format.rate(rates.oneRate.perSecond)} (${format.count(rates.oneRate.ok)} in ${rates.oneRate.seconds.toFixed(1)} s)`,
        ],
        [
          "durable submissions/s: Postgres, 2 servers",
          `${format.rate(rates.twoRate.perSecond)} (${format.count(rates.twoRate.ok)} in ${rates.twoRate.seconds.toFixed(1)} s)`,
        ],
        ["submissions planned over two servers", format.count(options.submissions)],
        ["answered 200 when the first server was killed", format.count(answeredBeforeKill)],
        [
          "answered 200 by the killed / the other / the restarted server",
          `${format.count(okCount(logs.a))} / ${format.count(okCount(logs.b))} / ${format.count(okCount(logs.restarted))}`,
        ],
        ["load run with the kill (s)", loadSeconds.toFixed(1)],
        [
          "rows stored / acknowledged ids",
          `${format.count(rows.length)} / ${format.count(acknowledged.length)}`,
        ],
        [
          "e-mails at the killed / the other / the restarted server's SMTP",
          `${format.count(sumCounts(byKilled))} / ${format.count(sumCounts(byOther))} / ${format.count(sumCounts(byRestarted))}`,
        ],
        [
          "requests e-mailed exactly once",
          `${format.count(exactlyOnce)} of ${format.count(rows.length)}`,
        ],
        [
          "repeats after the kill (handed to SMTP, not yet marked sent)",
          format.count(killWindowRepeats),
        ],
        [
          "outbox drained after the load (s)",
          drain.drained ? format.seconds(drain.ms) : "no (timed out)",
        ],
      ],
      checks: [
        check(
          "the kill happened mid-load and the other server kept answering",
          killedAt > 0 && answeredBeforeKill >= killAfter && bKeptAnswering,
          `${answeredBeforeKill} answered before SIGKILL`,
        ),
        check(
          "every acknowledged request is stored",
          lost.length === 0,
          `${acknowledged.length - lost.length} of ${acknowledged.length}; lost ${lost.length}`,
        ),
        check(
          "every request is stored once (one row per submission)",
          fingerprints.size === rows.length,
          `${rows.length} rows, ${fingerprints.size} distinct submissions`,
        ),
        check(
          "every stored request is e-mailed and nothing stays pending",
          drain.drained && unmailed === 0 && pending === 0,
          `${unmailed} without an e-mail, ${pending} pending`,
        ),
        check(
          "no request is e-mailed by both running servers, or twice by one",
          byBothRunning === 0 && twiceByOneServer === 0,
          `${byBothRunning} by both, ${twiceByOneServer} twice by one`,
        ),
        check(
          "exactly one e-mail per request, apart from the killed server's unconfirmed batch",
          exactlyOnce === rows.length - killWindowRepeats && killWindowRepeats <= outboxBatch,
          `${exactlyOnce} of ${rows.length}; ${killWindowRepeats} sent again after the kill (at most ${outboxBatch})`,
        ),
      ],
      notes: [
        "   Postgres: a throwaway local server with fsync on; each server's pool holds 10 connections.",
      ],
    };
  } finally {
    await sql?.end({ timeout: 5 });
    await h.close();
    await pg.stop();
    forget();
  }
}

function sumCounts(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}

/** Until every acknowledged id has an e-mail and nothing is left to send; then a settle for late repeats. */
function waitForPostgresDrain(
  sql: postgres.Sql,
  sinks: SmtpSink[],
  expected: string[],
  timeoutMs: number,
): Promise<{ drained: boolean; ms: number }> {
  const pending = async () => {
    const [row] = await sql<{ pending: number }[]>`
      select count(*)::int as pending from contact_requests where delivery_status <> 'sent'`;
    return row?.pending ?? 0;
  };
  return waitForQueues(pending, sinks, expected, { timeoutMs, settleMs: 1000 });
}
