/**
 * Scenario 8: poison messages. The mail server refuses for good (554, a provider's content filter)
 * every message whose text carries a marker; 40 such requests are stored first, then real requests
 * arrive one by one while the poison goes through its retries. The outbox runs with the
 * production retry interval (OUTBOX_RETRY_BASE_MS, 15 s), not the harness's fast one.
 * Invariants: every real request's e-mail arrives within one normal retry interval of its 200;
 * every poison request ends `failed` with the server's reason after 3 attempts, stays in the
 * store, and the owner receives a notice about them that carries none of their text.
 */

import { validRequest } from "../integration/support/requests.ts";
import { functionPath, type Harness } from "./harness.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore } from "./store-reader.ts";

export type PoisonOptions = {
  poison: number;
  real: number;
  /** Between two real requests. */
  spacingMs: number;
  /** The outbox's retry interval (the production default is 15 s). */
  retryBaseMs: number;
};

export const poisonDefaults: PoisonOptions = {
  poison: 40,
  real: 10,
  spacingMs: 4000,
  retryBaseMs: 15_000,
};

const marker = "POISON-REFUSED-BY-FILTER";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function poisonScenario(h: Harness, options: PoisonOptions): Promise<ScenarioResult> {
  const smtp = await h.startSmtp(0, {
    refuseMessage: (raw) => (raw.includes(marker) ? 554 : null),
  });
  const dataDir = h.dataDir("poison");
  const server = await h.startServer({
    dataDir,
    smtpUrl: smtp.url,
    env: {
      RATE_LIMIT_DISABLED: "true",
      OUTBOX_RETRY_BASE_MS: String(options.retryBaseMs),
      OUTBOX_RETRY_MAX_MS: String(options.retryBaseMs * 4),
    },
  });
  const submit = async (message: string) => {
    const response = await fetch(`${server.url}${functionPath}`, {
      method: "POST",
      headers: { apikey: h.key, "content-type": "application/json" },
      body: JSON.stringify(validRequest({ message })),
    });
    const body = (await response.json()) as { id?: string };
    if (response.status !== 200 || !body.id) throw new Error(`answered ${response.status}`);
    return body.id;
  };

  const poisonIds: string[] = [];
  for (let index = 0; index < options.poison; index += 1)
    poisonIds.push(await submit(`${marker} ${index}`));

  // Real leads, each timed from its 200 to its e-mail in the mailbox.
  const waits: number[] = [];
  const realIds: string[] = [];
  const watchers: Promise<void>[] = [];
  for (let index = 0; index < options.real; index += 1) {
    // Kept: real leads are spread over the poison's retries; the spacing is the load, no event.
    await sleep(options.spacingMs);
    const id = await submit(`A real lead, number ${index}`);
    const answeredAt = performance.now();
    realIds.push(id);
    watchers.push(
      smtp.waitForRequest(id, options.retryBaseMs * 3).then(
        () => {
          waits.push(performance.now() - answeredAt);
        },
        () => {
          waits.push(Number.POSITIVE_INFINITY);
        },
      ),
    );
  }
  await Promise.all(watchers);

  // The owner's notices name a request once it is given up: the poison's three attempts are
  // over within about 1 + 2 retry intervals, and a notice gathers one interval's failures.
  const noticesNow = () =>
    smtp.received.filter((item) => /could not be e-mailed/.test(item.mail.header("subject") ?? ""));
  const namedNow = () =>
    new Set(
      noticesNow().flatMap((item) => (item.mail.header("x-contact-failed-ids") ?? "").split(" ")),
    );
  await smtp
    .until(
      () => poisonIds.every((id) => namedNow().has(id)),
      options.retryBaseMs * 9,
      "notices naming every poison request",
    )
    .catch(() => {});
  const rows = readStore(dataDir);
  const poisonRows = rows.filter((row) => poisonIds.includes(row.id));
  const failed = poisonRows.filter((row) => row.deliveryStatus === "failed");
  const withReason = failed.filter((row) => /554/.test(row.lastError ?? ""));
  const attempts = [...new Set(failed.map((row) => row.attempts))].sort();
  const notices = noticesNow();
  const noticeIds = namedNow();
  const noticesLeak = notices.some((item) => item.raw.includes(marker));
  await server.stop();

  const sorted = [...waits].sort((a, b) => a - b);
  const worst = sorted.at(-1) ?? Number.NaN;
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return {
    id: 8,
    title: "Poison messages: refused for good by the mail server, real leads in between",
    figures: [
      ["poison requests (refused with 554) / real requests", `${options.poison} / ${options.real}`],
      ["retry interval (OUTBOX_RETRY_BASE_MS, s)", format.seconds(options.retryBaseMs)],
      [
        "real lead, 200 -> e-mail received: median / worst (s)",
        `${format.seconds(median)} / ${Number.isFinite(worst) ? format.seconds(worst) : "never"}`,
      ],
      ["poison refusals seen by the mail server", format.count(smtp.refused())],
      ["poison marked failed / with the 554 reason", `${failed.length} / ${withReason.length}`],
      ["attempts of the failed ones", attempts.join(", ") || "-"],
      ["notices to the owner / requests they name", `${notices.length} / ${noticeIds.size}`],
    ],
    checks: [
      check(
        "every real lead's e-mail arrives within one normal retry interval",
        waits.length === options.real && worst <= options.retryBaseMs,
        `worst ${Number.isFinite(worst) ? format.seconds(worst) : "never"} s of ${format.seconds(options.retryBaseMs)} s`,
      ),
      check(
        "every poison request ends failed, with the server's reason, after 3 attempts",
        failed.length === options.poison &&
          withReason.length === options.poison &&
          attempts.join() === "3",
        `${failed.length} of ${options.poison} failed; attempts ${attempts.join(", ")}`,
      ),
      check(
        "the owner is told about every one in a few notices, without their text",
        poisonIds.every((id) => noticeIds.has(id)) && notices.length <= 5 && !noticesLeak,
        `${noticeIds.size} named in ${notices.length} notice(s); text leaked: ${noticesLeak}`,
      ),
    ],
  };
}
