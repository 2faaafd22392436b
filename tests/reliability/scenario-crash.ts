/**
 * Scenario 3: scenario 2's load, with the server killed by SIGKILL once half the submissions are
 * answered, then restarted on the same data folder at once, as a supervisor with no delay does
 * (PM2, systemd with a short RestartSec): the killed process may still be going away, and the new
 * one must neither be refused nor start beside it. Invariants: the restart is not refused; every
 * id answered 200 before the kill is in the store (read before the restart, so the restart cannot
 * "repair" anything), and after the restart every one of them is e-mailed and nothing stays
 * pending. The e-mails to visitors too: every acknowledged request gets its acknowledgement, and
 * every visit the owner booked (answered 303) while the load ran gets its confirmation, after the
 * restart if not before. Delivery is at least once (contact-api.md, "Storing, then e-mailing"):
 * repeats are counted and shown, lost e-mails fail the run.
 */

import { bookVisit, submitEarly } from "./bookings.ts";
import type { Harness } from "./harness.ts";
import { newAnswerLog, okCount, runLoad, statusSummary, submissionRequest } from "./load.ts";
import { auditMail, auditVisitorMail, mailCounts, waitForDrain } from "./mail-ledger.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore } from "./store-reader.ts";

export type CrashOptions = { submissions: number; concurrency: number };

const title =
  "Crash: SIGKILL in the middle of the quote load, restart at once on the same data folder";

export async function crashScenario(h: Harness, options: CrashOptions): Promise<ScenarioResult> {
  const smtp = await h.startSmtp();
  const dataDir = h.dataDir("crash");
  const env = { RATE_LIMIT_DISABLED: "true" };
  const first = await h.startServer({ dataDir, smtpUrl: smtp.url, env });
  const killAfter = Math.max(1, Math.floor(options.submissions / 2));

  const log = newAnswerLog();
  let killedAt = 0;
  let mailedBeforeKill = 0;
  let run: ReturnType<typeof runLoad> | undefined;
  // A few requests first, whose e-mails reach the owner; halfway to the kill the owner books
  // their visits from those e-mails, while the load goes on.
  const early = await submitEarly(h.key, first.url, 4);
  for (const id of early) await smtp.waitForRequest(id, 30_000);
  const bookings: Promise<string | null>[] = [];
  const bookAt = Math.max(1, Math.floor(killAfter / 2));
  const book = () => {
    if (bookings.length > 0) return;
    for (const id of early) bookings.push(bookVisit([smtp], id, first.url));
  };
  let killed: () => void = () => {};
  const killing = new Promise<void>((resolve) => {
    killed = resolve;
  });
  const kill = () => {
    if (killedAt) return;
    killedAt = performance.now();
    first.child.kill("SIGKILL");
    mailedBeforeKill = smtp.received.length;
    run?.instance.stop();
    killed();
  };
  run = runLoad({
    url: first.url,
    connections: Math.min(options.concurrency, options.submissions),
    amount: options.submissions,
    timeout: 5,
    requests: [
      submissionRequest(h.key, log, () => {
        if (okCount(log) >= bookAt) book();
        if (okCount(log) >= killAfter) kill();
      }),
    ],
  });
  await Promise.race([killing, run.done]);
  kill(); // in case fewer than half were answered

  // Straight from the disk of the killed server: nothing has written to the file since the kill,
  // and the restart has not opened it yet.
  const afterKill = readStore(dataDir);

  // At once: without waiting for the killed process to be gone, nor for the load to wind down.
  const restartStarted = performance.now();
  const sinceKillMs = restartStarted - killedAt;
  const killedStillThere = first.child.exitCode === null && first.child.signalCode === null;
  let refusal = "";
  const second = await h
    .startServer({ dataDir, smtpUrl: smtp.url, env })
    .catch((error: unknown) => {
      refusal = error instanceof Error ? error.message : String(error);
      return null;
    });
  const restartMs = performance.now() - restartStarted;
  const result = await run.done;
  await first.exited;
  // Answers the client had read when the server died: each was committed before it was sent.
  const acknowledged = [...new Set([...early, ...log.ids])];
  const acknowledgedSet = new Set(acknowledged);
  const booked = (await Promise.all(bookings)).filter((key): key is string => key !== null);
  const visitorKeys = [...acknowledged.map((id) => `acknowledgement:${id}`), ...booked];
  const storedAfterKill = new Set(afterKill.map((row) => row.id));
  const lost = acknowledged.filter((id) => !storedAfterKill.has(id));
  const unacknowledged = afterKill.filter((row) => !acknowledgedSet.has(row.id)).length;
  const pendingAtKill = afterKill.filter((row) => row.deliveryStatus !== "sent").length;
  if (!second) {
    return {
      id: 3,
      title,
      figures: [["restart started after SIGKILL (ms)", format.count(Math.round(sinceKillMs))]],
      checks: [
        check(
          "the restart right after SIGKILL is not refused",
          false,
          refusal.split("\n")[0] ?? "",
        ),
      ],
      notes: [refusal],
    };
  }
  const drain = await waitForDrain(dataDir, [smtp], acknowledged, {
    timeoutMs: 120_000,
    visitorKeys,
  });
  const visitors = auditVisitorMail([smtp], visitorKeys);
  const rows = readStore(dataDir);
  const mail = auditMail([smtp], acknowledged);
  const counts = mailCounts([smtp]);
  const storedUnmailed = rows.filter((row) => (counts.get(row.id) ?? 0) === 0).length;
  const stillPending = rows.filter((row) => row.deliveryStatus !== "sent").length;
  await second.stop();

  return {
    id: 3,
    title,
    figures: [
      [
        "submissions planned / kill after answers",
        `${format.count(options.submissions)} / ${format.count(killAfter)}`,
      ],
      ["answers before the kill (status x count)", statusSummary(log) || "none"],
      ["connection errors after the kill", format.count(result.errors)],
      ["ids acknowledged (200) before the kill", format.count(acknowledged.length)],
      ["rows on disk after the kill", format.count(afterKill.length)],
      ["stored but never acknowledged (in flight at the kill)", format.count(unacknowledged)],
      ["e-mails sent before the kill", format.count(mailedBeforeKill)],
      ["pending e-mails at the kill", format.count(pendingAtKill)],
      [
        "restart started after SIGKILL (ms) / killed process still there",
        `${format.count(Math.round(sinceKillMs))} / ${killedStillThere ? "yes" : "no"}`,
      ],
      ["restart until listening (s)", format.seconds(restartMs)],
      [
        "outbox drained after the restart (s)",
        drain.drained ? format.seconds(drain.ms) : "no (timed out)",
      ],
      [
        "acknowledged ids e-mailed more than once (at least once delivery)",
        format.count(mail.duplicated.length),
      ],
      ["visits booked by the owner before the kill (303)", format.count(booked.length)],
      [
        "visitor e-mails expected / missing / repeated",
        `${format.count(visitorKeys.length)} / ${visitors.missing.length} / ${visitors.duplicated.length}`,
      ],
    ],
    checks: [
      check("the restart right after SIGKILL is not refused", true),
      check(
        "the kill happened mid-run",
        killedAt > 0 && acknowledged.length >= killAfter,
        `${acknowledged.length} answered 200 before SIGKILL`,
      ),
      check(
        "every id acknowledged before the kill is on disk",
        lost.length === 0,
        `${acknowledged.length - lost.length} of ${acknowledged.length}; lost ${lost.length}`,
      ),
      check(
        "after the restart the outbox drains",
        drain.drained && stillPending === 0,
        `${stillPending} pending`,
      ),
      check(
        "every acknowledged id is e-mailed after the restart (zero lost)",
        mail.missing.length === 0,
        `${acknowledged.length - mail.missing.length} of ${acknowledged.length}; duplicates ${mail.duplicated.length} (reported, allowed)`,
      ),
      check(
        "the owner booked visits during the load",
        booked.length > 0,
        `${booked.length} bookings answered 303 before the kill`,
      ),
      check(
        "every acknowledged request's acknowledgement and every booking's confirmation reach the visitor",
        visitors.missing.length === 0,
        `${visitorKeys.length - visitors.missing.length} of ${visitorKeys.length}; repeats ${visitors.duplicated.length} (reported, allowed)`,
      ),
      check(
        "every stored row is e-mailed, acknowledged or not",
        storedUnmailed === 0,
        `${storedUnmailed} stored without an e-mail`,
      ),
    ],
  };
}
