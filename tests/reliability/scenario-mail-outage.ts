/**
 * Scenario 4: a steady run of submissions while the SMTP server goes away (stopped at 20% of the
 * run) and comes back on the same port later (at 70%). Invariants: deliveries did fail during
 * the outage (or the scenario proves nothing), no visitor sees an error, every acknowledged
 * request is stored, and every one of them is e-mailed once the mail server is back; so is each
 * visitor's acknowledgement, and the confirmation of each visit the owner booked while the mail
 * server was down. Repeats (at least once) are reported, not failed.
 */

import { unusedPort } from "../integration/support/ports.ts";
import type { SmtpSink } from "../integration/support/smtp-sink.ts";
import { bookVisit, submitEarly } from "./bookings.ts";
import type { Harness } from "./harness.ts";
import {
  newAnswerLog,
  notOkCount,
  okCount,
  runLoad,
  statusSummary,
  submissionRequest,
} from "./load.ts";
import { auditMail, auditVisitorMail, waitForDrain } from "./mail-ledger.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore } from "./store-reader.ts";

export type OutageOptions = { seconds: number; rate: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function mailOutageScenario(
  h: Harness,
  options: OutageOptions,
): Promise<ScenarioResult> {
  const port = await unusedPort();
  const sinks: SmtpSink[] = [await h.startSmtp(port)];
  const dataDir = h.dataDir("outage");
  const server = await h.startServer({
    dataDir,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    env: { RATE_LIMIT_DISABLED: "true" },
  });

  // A few requests whose e-mails reach the owner first: the owner books them during the outage.
  const early = await submitEarly(h.key, server.url, 4);
  for (const id of early) await sinks[0]?.waitForRequest(id, 30_000);
  const log = newAnswerLog();
  let answersDuringOutage = 0;
  let down = false;
  const run = runLoad({
    url: server.url,
    connections: 10,
    duration: options.seconds,
    overallRate: options.rate,
    requests: [
      submissionRequest(h.key, log, (status) => {
        if (down && status === 200) answersDuringOutage += 1;
      }),
    ],
  });

  const durationMs = options.seconds * 1000;
  // Kept: the outage begins at 20% of a load that runs for a set time; the clock is the scenario.
  await sleep(durationMs * 0.2);
  const mailedBeforeOutage = sinks[0]?.received.length ?? 0;
  down = true;
  const outageStarted = performance.now();
  const toBook = early;
  await sinks[0]?.stop();
  const booked = (await Promise.all(toBook.map((id) => bookVisit(sinks, id, server.url)))).filter(
    (key): key is string => key !== null,
  );
  // Kept: the mail server stays away for half the run, a set time: no event ends an outage.
  await sleep(durationMs * 0.5);
  const failedDuringOutage = readStore(dataDir).filter(
    (row) => row.deliveryStatus !== "sent" && row.attempts > 0,
  ).length;
  sinks.push(await h.startSmtp(port));
  down = false;
  const outageMs = performance.now() - outageStarted;
  const backAt = performance.now();

  const result = await run.done;
  const acknowledged = [...new Set([...early, ...log.ids])];
  const visitorKeys = [...acknowledged.map((id) => `acknowledgement:${id}`), ...booked];
  const drain = await waitForDrain(dataDir, sinks, acknowledged, {
    timeoutMs: 120_000,
    visitorKeys,
  });
  const visitors = auditVisitorMail(sinks, visitorKeys);
  const drainedAfterBackMs = drain.drained ? performance.now() - backAt : Number.NaN;
  const rows = readStore(dataDir);
  const stored = new Set(rows.map((row) => row.id));
  const notStored = acknowledged.filter((id) => !stored.has(id)).length;
  const acknowledgedSet = new Set(acknowledged);
  const unanswered = rows.filter((row) => !acknowledgedSet.has(row.id)).length;
  const mail = auditMail(sinks, acknowledged);
  const maxAttempts = Math.max(0, ...rows.map((row) => row.attempts));
  const retried = rows.filter((row) => row.attempts > 1).length;
  await server.stop();

  return {
    id: 4,
    title: "Mail outage: SMTP server stopped during submissions, restarted later",
    figures: [
      ["run (s) / target rate (requests/s)", `${options.seconds} / ${options.rate}`],
      ["answers (status x count)", statusSummary(log) || "none"],
      ["connection errors / timeouts", `${result.errors} / ${result.timeouts}`],
      [
        "latency p50 / p99 / max (ms)",
        `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`,
      ],
      ["SMTP down for (s)", format.seconds(outageMs)],
      ["e-mails delivered before the outage", format.count(mailedBeforeOutage)],
      ["requests acknowledged while SMTP was down", format.count(answersDuringOutage)],
      ["requests pending with failed attempts during the outage", format.count(failedDuringOutage)],
      ["requests that needed a retry / most attempts", `${format.count(retried)} / ${maxAttempts}`],
      [
        "all delivered after SMTP came back (s)",
        Number.isNaN(drainedAfterBackMs) ? "no (timed out)" : format.seconds(drainedAfterBackMs),
      ],
      ["stored but unanswered (in flight when the run stopped)", format.count(unanswered)],
      ["e-mails received (both SMTP runs)", format.count(mail.total)],
      ["ids e-mailed more than once", format.count(mail.duplicated.length)],
      ["visits booked while SMTP was down", format.count(booked.length)],
      [
        "visitor e-mails expected / missing / repeated",
        `${format.count(visitorKeys.length)} / ${visitors.missing.length} / ${visitors.duplicated.length}`,
      ],
    ],
    checks: [
      check(
        "deliveries did fail during the outage, and were retried",
        failedDuringOutage > 0 && retried > 0,
        `${failedDuringOutage} pending with failed attempts while down; ${retried} retried`,
      ),
      check(
        "no visitor sees an error during the outage",
        notOkCount(log) === 0 && result.errors === 0 && okCount(log) > 0,
        `${okCount(log)} answered 200, ${notOkCount(log)} other, ${result.errors} connection errors`,
      ),
      check(
        "the outage overlapped submissions",
        answersDuringOutage > 0,
        `${answersDuringOutage} acknowledged while down`,
      ),
      check(
        "every acknowledged request is stored",
        notStored === 0,
        `${acknowledged.length - notStored} of ${acknowledged.length}`,
      ),
      check(
        "the outbox drains once SMTP is back",
        drain.drained,
        `${drain.pending} pending at the end`,
      ),
      check(
        "the owner booked visits while the mail server was down",
        booked.length > 0,
        `${booked.length} of ${toBook.length} answered 303`,
      ),
      check(
        "every acknowledgement and every booking's confirmation reach the visitor once SMTP is back",
        visitors.missing.length === 0,
        `${visitorKeys.length - visitors.missing.length} of ${visitorKeys.length}; repeats ${visitors.duplicated.length} (reported)`,
      ),
      check(
        "every acknowledged request is e-mailed (nothing lost)",
        mail.missing.length === 0,
        `${acknowledged.length - mail.missing.length} of ${acknowledged.length}; duplicates ${mail.duplicated.length} (reported)`,
      ),
    ],
  };
}
