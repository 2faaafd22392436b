/**
 * Scenario 2: distinct valid quote requests at many concurrent clients (rate limit off by the
 * explicit RATE_LIMIT_DISABLED=true). Invariant: every id answered 200 is in the store exactly
 * once, the store holds nothing else, and once the outbox drains the SMTP server has exactly one
 * e-mail per id.
 */
import { type Harness, rssSampler } from "./harness.ts";
import { inspectorUrl, memoryAfterGc } from "./inspector.ts";
import {
  newAnswerLog,
  notOkCount,
  okCount,
  runLoad,
  statusSummary,
  submissionRequest,
} from "./load.ts";
import { auditMail, waitForDrain } from "./mail-ledger.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore, rowCounts } from "./store-reader.ts";

export type QuotesOptions = { submissions: number; concurrency: number };

export async function quotesScenario(h: Harness, options: QuotesOptions): Promise<ScenarioResult> {
  const smtp = await h.startSmtp();
  const dataDir = h.dataDir("quotes");
  const server = await h.startServer({
    dataDir,
    smtpUrl: smtp.url,
    // The V8 inspector on a loopback port: memory after a full GC at the end.
    env: { RATE_LIMIT_DISABLED: "true", NODE_OPTIONS: "--inspect=127.0.0.1:0" },
  });
  const inspector = inspectorUrl(server.output());
  const rssBefore = server.rss();
  const sampler = rssSampler(server);
  const log = newAnswerLog();
  const run = runLoad({
    url: server.url,
    connections: Math.min(options.concurrency, options.submissions),
    amount: options.submissions,
    requests: [submissionRequest(h.key, log)],
  });
  const result = await run.done;
  const loadEndedAt = performance.now();

  const drain = await waitForDrain(dataDir, [smtp], log.ids, {
    timeoutMs: Math.max(60_000, options.submissions * 40),
  });
  const rssPeak = sampler.stop();
  const rssAfter = server.rss();
  const afterGc = inspector ? await memoryAfterGc(inspector).catch(() => null) : null;
  const drainSeconds = (performance.now() - loadEndedAt) / 1000;

  const rows = readStore(dataDir);
  const counts = rowCounts(rows);
  const acknowledged = new Set(log.ids);
  const storedOnce = log.ids.filter((id) => counts.get(id) === 1).length;
  const extra = rows.filter((row) => !acknowledged.has(row.id)).length;
  const mail = auditMail([smtp], acknowledged);
  const exactlyOne = acknowledged.size - mail.missing.length - mail.duplicated.length;
  const answered = okCount(log) + notOkCount(log);

  return {
    id: 2,
    title: "Quote requests: distinct valid submissions, stored then e-mailed",
    figures: [
      ["submissions sent", format.count(options.submissions)],
      ["concurrent clients", format.count(Math.min(options.concurrency, options.submissions))],
      ["answers (status x count)", statusSummary(log) || "none"],
      ["connection errors / timeouts", `${result.errors} / ${result.timeouts}`],
      ["duration (s)", result.duration.toFixed(1)],
      ["throughput (requests/s)", format.rate(answered / result.duration)],
      [
        "latency p50 / p99 / max (ms)",
        `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`,
      ],
      ["rows in the store", format.count(rows.length)],
      [
        "outbox drained after the run (s)",
        drain.drained ? drainSeconds.toFixed(1) : "no (timed out)",
      ],
      ["e-mails received", format.count(mail.total)],
      [
        "e-mails per second (load start to drained)",
        format.rate(mail.total / (result.duration + drainSeconds)),
      ],
      [
        "server RSS before / peak / after (MiB)",
        `${format.mib(rssBefore)} / ${format.mib(rssPeak)} / ${format.mib(rssAfter)}`,
      ],
      [
        "after a full GC at the end: RSS / JS heap used (MiB)",
        afterGc ? `${format.mib(afterGc.rss)} / ${format.mib(afterGc.heapUsed)}` : "no inspector",
      ],
    ],
    checks: [
      check(
        "every submission answered 200",
        okCount(log) === options.submissions && result.errors === 0,
        `${okCount(log)} of ${options.submissions}${log.sampleErrors.length ? `; e.g. ${log.sampleErrors[0]}` : ""}`,
      ),
      check(
        "every 200 id is in the store exactly once",
        storedOnce === log.ids.length && acknowledged.size === log.ids.length,
        `${storedOnce} of ${log.ids.length}`,
      ),
      check(
        "the store holds nothing that was not acknowledged",
        extra === 0,
        `${extra} extra row(s)`,
      ),
      check("the outbox drains", drain.drained, `${drain.pending} pending at the end`),
      check(
        "every id has exactly one e-mail at the SMTP server",
        exactlyOne === acknowledged.size && mail.unexpected === 0,
        `${exactlyOne} of ${acknowledged.size}; missing ${mail.missing.length}, duplicated ${mail.duplicated.length}, unexpected ${mail.unexpected}`,
      ),
    ],
  };
}
