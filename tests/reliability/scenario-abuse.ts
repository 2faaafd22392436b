/**
 * Scenario 6: abuse. The server runs with its real rate limit (RATE_LIMIT_MAX per window) and
 * TRUST_PROXY=1, so that clients on loopback are told apart by X-Forwarded-For as behind a proxy.
 * - A burst from one client address (half of it with forged addresses prepended to
 *   X-Forwarded-For, which a proxy would pass on) gets exactly RATE_LIMIT_MAX answers 200, then
 *   429 with a JSON error and a Retry-After within the window, while other clients, sending at the
 *   same time, all get 200.
 * - The same request sent many times at once (a double-click storm, from several addresses) gets
 *   200 with one id every time, one row and one e-mail.
 */
import { validRequest } from "../integration/support/requests.ts";
import { functionPath, type Harness } from "./harness.ts";
import { forwardedFor, newAnswerLog, okCount, runLoad, statusSummary } from "./load.ts";
import { auditMail, mailCounts, waitForDrain } from "./mail-ledger.ts";
import { check, format, type ScenarioResult } from "./report.ts";
import { readStore } from "./store-reader.ts";

export type AbuseOptions = {
  /** Requests in the burst from one address. */
  burst: number;
  /** Other clients, each sending `perClient` requests during the burst. */
  otherClients: number;
  perClient: number;
  /** Copies of one identical request. */
  identical: number;
  rateLimitMax?: number;
  rateLimitWindowMs?: number;
};

export const abuseDefaults: AbuseOptions = {
  burst: 60,
  otherClients: 20,
  perClient: 3,
  identical: 30,
  rateLimitMax: 5,
  rateLimitWindowMs: 60_000,
};

const burstAddress = "203.0.113.66";

export async function abuseScenario(h: Harness, options: AbuseOptions): Promise<ScenarioResult> {
  const max = options.rateLimitMax ?? 5;
  const windowMs = options.rateLimitWindowMs ?? 60_000;
  const smtp = await h.startSmtp();
  const dataDir = h.dataDir("abuse");
  const server = await h.startServer({
    dataDir,
    smtpUrl: smtp.url,
    env: {
      TRUST_PROXY: "1",
      RATE_LIMIT_MAX: String(max),
      RATE_LIMIT_WINDOW_MS: String(windowMs),
      DEDUPE_WINDOW_MS: "600000",
    },
  });

  // The burst, through autocannon: one address, half of the requests with a forged left part.
  const burst = newAnswerLog();
  const retryAfter: number[] = [];
  let badRefusals = 0;
  let serial = 0;
  const burstRun = runLoad({
    url: server.url,
    connections: Math.min(10, options.burst),
    amount: options.burst,
    requests: [
      {
        method: "POST",
        path: functionPath,
        setupRequest: (request) => {
          serial += 1;
          const forged = serial % 2 === 0 ? `${forwardedFor(serial)}, ` : "";
          return {
            ...request,
            method: "POST",
            path: functionPath,
            headers: {
              apikey: h.key,
              "content-type": "application/json",
              "x-forwarded-for": `${forged}${burstAddress}`,
            },
            body: JSON.stringify(validRequest()),
          };
        },
        onResponse: (status, body, _context, headers) => {
          burst.statuses.set(status, (burst.statuses.get(status) ?? 0) + 1);
          if (status === 200) {
            burst.ids.push((JSON.parse(body) as { id: string }).id);
            return;
          }
          const seconds = Number(headers?.["retry-after"] ?? headers?.["Retry-After"]);
          let error: unknown;
          try {
            error = (JSON.parse(body) as { error?: unknown }).error;
          } catch {
            error = undefined;
          }
          const ok =
            status === 429 &&
            Number.isInteger(seconds) &&
            seconds >= 1 &&
            seconds <= Math.ceil(windowMs / 1000) &&
            typeof error === "string" &&
            error.length > 0;
          if (ok) retryAfter.push(seconds);
          else badRefusals += 1;
        },
      },
    ],
  });

  // Meanwhile, other clients (distinct addresses) each send a few requests under the limit.
  const others = newAnswerLog();
  const otherIds: string[] = [];
  await Promise.all(
    Array.from({ length: options.otherClients }, async (_, client) => {
      for (let index = 0; index < options.perClient; index += 1) {
        const response = await fetch(`${server.url}${functionPath}`, {
          method: "POST",
          headers: {
            apikey: h.key,
            "content-type": "application/json",
            "x-forwarded-for": `192.0.2.${client + 1}`,
          },
          body: JSON.stringify(validRequest()),
        });
        others.statuses.set(response.status, (others.statuses.get(response.status) ?? 0) + 1);
        const body = (await response.json()) as { id?: string };
        if (response.status === 200 && body.id) otherIds.push(body.id);
      }
    }),
  );
  await burstRun.done;

  // A storm of one identical request, each from its own address (so the limit is not what stops it).
  const same = validRequest({ message: `Same request, clicked many times ${crypto.randomUUID()}` });
  const identical = await Promise.all(
    Array.from({ length: options.identical }, async (_, index) => {
      const response = await fetch(`${server.url}${functionPath}`, {
        method: "POST",
        headers: {
          apikey: h.key,
          "content-type": "application/json",
          "x-forwarded-for": `198.51.${100 + Math.floor(index / 250)}.${(index % 250) + 1}`,
        },
        body: JSON.stringify(same),
      });
      return { status: response.status, id: ((await response.json()) as { id?: string }).id };
    }),
  );
  const identicalIds = new Set(identical.map((answer) => answer.id));
  const identicalOk = identical.filter((answer) => answer.status === 200).length;
  const theId = [...identicalIds][0] ?? "";

  const expected = [...burst.ids, ...otherIds, theId];
  const drain = await waitForDrain(dataDir, [smtp], expected, {
    timeoutMs: 60_000,
    settleMs: 1000,
  });
  const rows = readStore(dataDir);
  const sameRows = rows.filter((row) => row.message === same.message).length;
  const counts = mailCounts([smtp]);
  const mail = auditMail([smtp], expected);
  await server.stop();

  const retryRange =
    retryAfter.length > 0 ? `${Math.min(...retryAfter)}–${Math.max(...retryAfter)}` : "-";
  return {
    id: 6,
    title: "Abuse: a burst from one address, other clients, a storm of identical requests",
    figures: [
      ["rate limit (requests / window s)", `${max} / ${windowMs / 1000}`],
      ["burst from one address (status x count)", statusSummary(burst)],
      ["429 answers with a valid Retry-After (range s)", `${retryAfter.length} (${retryRange})`],
      [
        `other clients x requests (status x count)`,
        `${options.otherClients} x ${options.perClient}: ${statusSummary(others)}`,
      ],
      ["identical requests sent / answered 200", `${options.identical} / ${identicalOk}`],
      ["distinct ids among them / rows stored", `${identicalIds.size} / ${sameRows}`],
      ["e-mails for the identical request", format.count(counts.get(theId) ?? 0)],
      ["rows stored in total / expected", `${rows.length} / ${expected.length}`],
    ],
    checks: [
      check(
        "the burst gets exactly RATE_LIMIT_MAX answers 200, forged X-Forwarded-For entries included",
        okCount(burst) === max,
        `${okCount(burst)} of ${options.burst} (limit ${max})`,
      ),
      check(
        "every other burst request gets 429 with Retry-After and a JSON error",
        retryAfter.length === options.burst - max && badRefusals === 0,
        `${retryAfter.length} of ${options.burst - max}; ${badRefusals} wrong`,
      ),
      check(
        "other clients are unaffected",
        okCount(others) === options.otherClients * options.perClient,
        `${okCount(others)} of ${options.otherClients * options.perClient} answered 200`,
      ),
      check(
        "identical requests: all 200 with one id, one row",
        identicalOk === options.identical && identicalIds.size === 1 && sameRows === 1,
        `${identicalOk} × 200, ${identicalIds.size} id(s), ${sameRows} row(s)`,
      ),
      check(
        "identical requests: exactly one e-mail",
        drain.drained && (counts.get(theId) ?? 0) === 1,
        `${counts.get(theId) ?? 0} e-mail(s)`,
      ),
      check(
        "refused requests are not stored, accepted ones are e-mailed once",
        rows.length === expected.length &&
          mail.missing.length === 0 &&
          mail.duplicated.length === 0,
        `${rows.length} rows for ${expected.length} accepted; missing ${mail.missing.length}, duplicated ${mail.duplicated.length}`,
      ),
    ],
  };
}
