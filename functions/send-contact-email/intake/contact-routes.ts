/**
 * send-contact-email: Request in, Response out, Web APIs only, so the Node server and the Supabase
 * Edge Function (Deno) run this same module (contract: docs/contact-api.md).
 *
 * Order of checks: CORS and method, the public key, the rate limit, then the body (type, size,
 * JSON, fields). A plain HTML form's post (form-post.ts) carries its key in the body, which is
 * therefore read first; it is then validated and stored exactly as JSON, and a browser is
 * answered with a page instead of JSON. 200 is answered only after the store has committed the
 * request; the e-mail is the outbox's job afterwards (`onStored` wakes it).
 */
import {
  splitQuoteDetails,
  splitSource,
  splitSpamSignals,
  unknownField,
  validateContact,
} from "../../../shared/contact-schema.ts";
import {
  resolveQuoteDetails,
  type StoredQuoteDetails,
} from "../../../shared/quote/quote-details.ts";
import { type ContactConfig, contactDefaults } from "../base/config.ts";
import type { ContentSource } from "../base/content-source.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { secretsEqual } from "../base/secrets.ts";
import { rateLimitKey } from "../http/client-key.ts";
import { decideCors, preflightHeaders } from "../http/cors.ts";
import type { RateLimitDecision, RateLimiter } from "../http/rate-limiter.ts";
import { isFormContentType, readFormBody, readJsonBody } from "../http/request-body.ts";
import { type ContactStore, StoreUnavailableError } from "../store/store.ts";
import { fingerprintContact } from "./fingerprint.ts";
import { formPage } from "./form-page.ts";
import {
  keyFromForm,
  seeThankYouPage,
  siteOrigin,
  submissionFromForm,
  wantsHtml,
} from "./form-post.ts";
import { spamReason } from "./spam-filter.ts";

export type HandlerDeps = {
  /**
   * Null while it is not open (yet, or any more): 503 with Retry-After, after the rest is checked,
   * so that a form without script is answered with its visitor's words to post again.
   */
  store: ContactStore | null;
  /** Until the store is tried again (the 503's Retry-After). */
  retryAfterSeconds?: () => number;
  config: Pick<ContactConfig, "publicKeys" | "allowedOrigins" | "dedupeWindowMs"> &
    Partial<Pick<ContactConfig, "spamMinFillMs" | "siteUrl">>;
  rateLimiter: RateLimiter;
  /** The visitor's address as the host sees it (socket, or X-Forwarded-For when trusted). */
  clientAddress: string;
  /**
   * The content versions (base/content-source.ts): a request is checked and priced with the live
   * one, and stamped with its number.
   */
  content: Pick<ContentSource, "live">;
  /**
   * The visitor's own page for a stored request (signed for them), when the owner chose to open it
   * right after Send (`booking.pageAfterSend`); absent where the function has no visitor pages.
   */
  visitorPage?: (id: string) => Promise<string>;
  /** Called once a new request is committed (not for duplicates): wake the outbox. */
  onStored?: (id: string) => void;
  now?: () => Date;
  log?: Logger;
  newId?: () => string;
};

export const messagesForVisitors = {
  method: "Use POST to send a quote request.",
  origin: "This site may not send quote requests here.",
  key: "Missing or invalid API key.",
  rateLimited: "Too many requests from your network. Please wait a few minutes or call us.",
  notObject: "The request body must be a JSON object.",
  storeUnavailable:
    "We could not save your request right now. Please try again in a moment or call us.",
  unexpected: "Something went wrong on our side. Please try again or call us.",
} as const;

const baseHeaders = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

/**
 * `apikey: <key>` or `Authorization: Bearer <key>`, as supabase-js sends them, or a plain form's
 * hidden field (constant time).
 */
async function presentsPublicKey(
  headers: Headers,
  publicKeys: string[],
  form: URLSearchParams | undefined,
): Promise<boolean> {
  const apikey = headers.get("apikey")?.trim();
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1]?.trim();
  const fromForm = form ? keyFromForm(form) : undefined;
  const presented = [apikey, bearer, fromForm].filter((key): key is string => key !== undefined);
  const checks = presented.flatMap((key) => publicKeys.map((known) => secretsEqual(key, known)));
  return (await Promise.all(checks)).some(Boolean);
}

function summarize(fields: Record<string, string>): string {
  const names = Object.keys(fields);
  const [only] = names;
  if (names.length === 1 && only !== undefined) {
    const message = fields[only] ?? "Please check the form.";
    return message === unknownField ? `Unknown field: ${only}.` : message;
  }
  return `Please check these fields: ${names.join(", ")}.`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Failure = {
  status: number;
  error: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
};
/** What the handler decided, before it is written as JSON or, for a browser's form post, a page. */
type Outcome = { status: 200; id: string; spam?: true } | Failure;

const fail = (
  status: number,
  error: string,
  extra: Pick<Failure, "fields" | "headers"> = {},
): Failure => ({ status, error, ...extra });

export async function handleContactRequest(request: Request, deps: HandlerDeps): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const cors = decideCors(request.headers.get("origin"), deps.config.allowedOrigins);
  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    json(status, body, { ...cors.headers, ...headers });
  // A plain HTML form's post (docs/contact-api.md, "The form without JavaScript").
  const form = request.method === "POST" && isFormContentType(request.headers.get("content-type"));
  let posted: URLSearchParams | undefined;

  const answer = async (outcome: Outcome): Promise<Response> => {
    // The owner's choice (off by default): straight to the customer's own page after Send.
    const page =
      "id" in outcome &&
      !outcome.spam &&
      deps.visitorPage &&
      deps.content.live().facts.booking.pageAfterSend
        ? await deps.visitorPage(outcome.id)
        : null;
    if (form && wantsHtml(request)) {
      const origin = siteOrigin(request, deps.config);
      if ("id" in outcome)
        return page
          ? new Response(null, {
              status: 303,
              headers: {
                ...cors.headers,
                Location: `${page}&saved=sent`,
                "Cache-Control": "no-store",
              },
            })
          : seeThankYouPage(origin, cors.headers);
      const headers = { ...cors.headers, ...outcome.headers };
      return formPage({
        ...outcome,
        values: posted,
        siteOrigin: origin,
        headers,
        facts: deps.content.live().facts,
      });
    }
    if ("id" in outcome)
      return respond(200, { ok: true, id: outcome.id, ...(page ? { page } : {}) });
    const { error, fields, headers } = outcome;
    return respond(outcome.status, fields ? { error, fields } : { error }, headers);
  };

  try {
    if (request.method === "OPTIONS") {
      if (!cors.allowed) return respond(403, { error: messagesForVisitors.origin });
      const headers = preflightHeaders(cors);
      return new Response(null, { status: 204, headers });
    }
    if (request.method !== "POST") {
      return respond(405, { error: messagesForVisitors.method }, { Allow: "POST, OPTIONS" });
    }
    if (!cors.allowed) return await answer(fail(403, messagesForVisitors.origin));

    // A plain form carries its key in a hidden field, so its body is read before the key check.
    if (form) {
      const read = await readFormBody(request);
      if (!read.ok) return await answer(fail(read.status, read.error));
      posted = read.value;
    }
    if (!(await presentsPublicKey(request.headers, deps.config.publicKeys, posted))) {
      return await answer(fail(401, messagesForVisitors.key));
    }

    let decision: RateLimitDecision;
    try {
      decision = await deps.rateLimiter.consume(rateLimitKey(deps.clientAddress));
    } catch (error) {
      // Counts held in the database: no database, no count, and no store to write to either.
      if (!(error instanceof StoreUnavailableError)) throw error;
      log.error("rate limit not checked", { error: errorMessage(error) });
      return await answer(fail(503, messagesForVisitors.storeUnavailable));
    }
    if (!decision.allowed) {
      return await answer(
        fail(429, messagesForVisitors.rateLimited, {
          headers: { "Retry-After": String(decision.retryAfterSeconds) },
        }),
      );
    }

    let input: unknown;
    if (posted) input = submissionFromForm(posted, deps.content.live().facts.priceList);
    else {
      const body = await readJsonBody(request);
      if (!body.ok) return await answer(fail(body.status, body.error));
      input = body.value;
    }
    if (!isPlainObject(input)) return await answer(fail(400, messagesForVisitors.notObject));
    return await answer(await store(input, deps, log));
  } catch (error) {
    log.error("contact handler failed", { error: errorMessage(error) });
    return respond(500, { error: messagesForVisitors.unexpected });
  }
}

/**
 * Quote details with the version they were decided with (decision 0028); a request without any
 * has nothing a version describes, and stays without (its row as before).
 */
function stamped(details: StoredQuoteDetails, version: number | null): StoredQuoteDetails {
  return Object.keys(details).length > 0 ? { ...details, contentVersion: version } : details;
}

/** Validates, runs the spam filter, resolves the quote details and stores: one path for both shapes. */
async function store(
  input: Record<string, unknown>,
  deps: HandlerDeps,
  log: Logger,
): Promise<Outcome> {
  // One version for the whole request, even when another is switched in meanwhile.
  const content = deps.content.live();
  const validation = validateContact(input, content.facts);
  if (!validation.ok) {
    return fail(400, summarize(validation.fields), { fields: validation.fields });
  }

  const { request: withSource, signals } = splitSpamSignals(validation.data);
  // Where the visit came from is kept beside the request, not part of it: a repeat from another
  // tab is still a repeat.
  const { request: withDetails, source } = splitSource(withSource);
  // The area, the town and the price are decided here, from the site's own lists, never taken
  // from the browser.
  const { request: lead, details } = splitQuoteDetails(withDetails);
  const quote = resolveQuoteDetails(details, content.facts);
  const spam = spamReason(
    signals,
    deps.config.spamMinFillMs ?? contactDefaults.spamMinFillMs,
    lead,
  );
  const now = deps.now?.() ?? new Date();
  if (!deps.store)
    return fail(503, messagesForVisitors.storeUnavailable, {
      headers: { "Retry-After": String(deps.retryAfterSeconds?.() ?? 60) },
    });
  let result: { id: string; duplicate: boolean };
  try {
    result = await deps.store.submit({
      id: deps.newId?.() ?? crypto.randomUUID(),
      data: lead,
      // The stamp is not part of what makes a repeat: the same request sent again after a
      // publish is still the same request.
      details: stamped(quote, content.version),
      source,
      fingerprint: await fingerprintContact(lead, quote),
      receivedAt: now,
      dedupeWindowMs: deps.config.dedupeWindowMs,
      ...(spam ? { status: "spam", spamReason: spam } : { status: "new" }),
    });
  } catch (error) {
    log.error("contact request not stored", { error: errorMessage(error) });
    return fail(503, messagesForVisitors.storeUnavailable);
  }

  if (result.duplicate) {
    log.info("contact request repeated", { id: result.id });
  } else if (spam) {
    // Stored for the owner to see (npm run leads --all), never e-mailed; the bot sees a 200.
    log.info("contact request stored as spam", { id: result.id, reason: spam });
  } else {
    log.info("contact request stored", { id: result.id, service: validation.data.service });
    deps.onStored?.(result.id);
  }
  // A spam request's page refuses anyone (visitor-routes.ts): the bot is not sent there.
  return { status: 200, id: result.id, ...(spam ? { spam: true } : {}) };
}
