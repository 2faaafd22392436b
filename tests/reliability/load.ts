/**
 * Load through autocannon (a maintained generator): a promise around one run, and the
 * request that sends a new, distinct, valid quote request each time and records every answer.
 */
import autocannon from "autocannon";
import { validRequest } from "../integration/support/requests.ts";
import { functionPath } from "./harness.ts";

type Instance = autocannon.Instance;
type Result = autocannon.Result;

export type LoadRun = { instance: Instance; done: Promise<Result> };

export function runLoad(options: autocannon.Options): LoadRun {
  let instance: Instance | undefined;
  const done = new Promise<Result>((resolve, reject) => {
    instance = autocannon({ timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  return { instance: instance as Instance, done };
}

/** What the visitors were told, answer by answer. */
export type AnswerLog = {
  statuses: Map<number, number>;
  /** Ids answered 200, in order. */
  ids: string[];
  /** Latencies are autocannon's; this is for answers that were not 200. */
  sampleErrors: string[];
};

export function newAnswerLog(): AnswerLog {
  return { statuses: new Map(), ids: [], sampleErrors: [] };
}

export function okCount(log: AnswerLog): number {
  return log.statuses.get(200) ?? 0;
}

export function notOkCount(log: AnswerLog): number {
  let count = 0;
  for (const [status, n] of log.statuses) if (status !== 200) count += n;
  return count;
}

export function statusSummary(log: AnswerLog): string {
  return [...log.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
}

/** A distinct client address per request, for hosts run with TRUST_PROXY=1 (documentation range). */
export function forwardedFor(serial: number): string {
  return `198.18.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
}

let submissionSerial = 0;

/**
 * POSTs a new valid request every time (setupRequest), and logs each answer; `onAnswer` sees it
 * first (the crash scenario kills the server from there).
 */
export function submissionRequest(
  key: string,
  log: AnswerLog,
  onAnswer?: (status: number, id: string | null) => void,
  headers: Record<string, string> = {},
): autocannon.Request {
  return {
    method: "POST",
    path: functionPath,
    setupRequest: (request) => {
      submissionSerial += 1;
      return {
        ...request,
        method: "POST",
        path: functionPath,
        headers: {
          apikey: key,
          "content-type": "application/json",
          "x-forwarded-for": forwardedFor(submissionSerial),
          ...headers,
        },
        // An address of its own: each gets its acknowledgement (3 a day per address at most).
        body: JSON.stringify(validRequest({ email: `visitor-${submissionSerial}@example.org` })),
      };
    },
    onResponse: (status, body) => {
      log.statuses.set(status, (log.statuses.get(status) ?? 0) + 1);
      let id: string | null = null;
      if (status === 200) {
        try {
          id = (JSON.parse(body) as { id?: string }).id ?? null;
        } catch {
          id = null;
        }
        if (id) log.ids.push(id);
      } else if (log.sampleErrors.length < 5) {
        log.sampleErrors.push(`${status} ${body.slice(0, 120)}`);
      }
      onAnswer?.(status, id);
    },
  };
}
