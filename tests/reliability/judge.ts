/**
 * Whether one answer to a hostile case is correct (see hostile-cases.ts for the definitions).
 * Returns null when it is, else a short description of what is wrong.
 */
import type { Expectation } from "./hostile-cases.ts";

export type Answer = {
  /** null: the server closed the connection without answering. */
  status: number | null;
  contentType: string;
  body: string;
  /** HEAD: no body is expected whatever the status. */
  head?: boolean;
};

/** Text that must never appear in an answer: the secret beside the site, /etc/passwd. */
export function leaks(body: string, secret: string): boolean {
  return body.includes(secret) || /root:[x*]?:0:0:/.test(body);
}

function jsonError(answer: Answer): string | null {
  if (!/^application\/json\b/i.test(answer.contentType))
    return `content-type ${answer.contentType || "(none)"}`;
  if (answer.head) return null;
  try {
    const parsed = JSON.parse(answer.body) as { error?: unknown };
    if (typeof parsed.error !== "string" || parsed.error.trim() === "") return "no JSON error text";
    return null;
  } catch {
    return "body is not JSON";
  }
}

export function judge(expect: Expectation, answer: Answer, secret: string): string | null {
  if (answer.status !== null && answer.status >= 500) return `server error ${answer.status}`;
  if (leaks(answer.body, secret)) return "answer leaks a file outside the site";
  switch (expect.kind) {
    case "json-error":
      if (answer.status === null) return "closed without an answer";
      if (!expect.statuses.includes(answer.status))
        return `status ${answer.status}, expected ${expect.statuses.join("/")}`;
      return jsonError(answer);
    case "static-refusal":
      if (answer.status === null) return "closed without an answer";
      if (!expect.statuses.includes(answer.status))
        return `status ${answer.status}, expected ${expect.statuses.join("/")}`;
      return null;
    case "protocol-error":
      if (answer.status === null) return expect.closedIsFine ? null : "closed without an answer";
      if (!expect.statuses.includes(answer.status))
        return `status ${answer.status}, expected ${expect.statuses.join("/")}`;
      return jsonError(answer);
    case "accepted": {
      if (answer.status !== 200) return `status ${answer.status}, expected 200`;
      try {
        const parsed = JSON.parse(answer.body) as { ok?: unknown; id?: unknown };
        return parsed.ok === true && typeof parsed.id === "string" ? null : "no id in the answer";
      } catch {
        return "body is not JSON";
      }
    }
  }
}
