/**
 * The owner's request page, served by the function on both hosts (its routes: routes.ts):
 *   GET  …/send-contact-email/lead/<id>?token=…   shows the request; changes nothing
 *   POST …/send-contact-email/lead/<id>?token=…   the status from the page's form
 * Two kinds of link open it (links/signed-links.ts): the owner's e-mail carries an `owner` link,
 * which shows the buttons and may set the status; alerts, reminders and digests sent to a push
 * channel carry an `owner-read` link, which shows the request only (anyone who can read an ntfy
 * topic or a chat channel can open it, and must not be able to act). A missing, altered, expired
 * or another request's token gets 403 and shows nothing; so does a POST with a read-only one
 * (`ownerPageLinks`, checked by the router: links/link-check.ts). After a button, 303 back to the
 * page (reloading it sends nothing again).
 *
 * The page posts to its own link, so the token is checked before a byte of the body is read; a
 * post with the token in its body (a page rendered by an earlier version) is read up to the form's
 * few hundred bytes, never more, on every host (Deno hands the body over unread).
 */

import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { isOwnerAction } from "../base/lead-view.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { FollowUpLine } from "../follow-ups/follow-up-lines.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { isFormContentType, readBoundedText } from "../http/request-body.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import type { ReactNode } from "../views/react.ts";
import { ownerPageHeaders, renderOwnerPage, renderRefusal } from "./request-page.ts";

/** The page's form fields are a token and a status: a few hundred bytes at most. */
const maxFormBytes = 2048;

async function refused() {
  return page(403, renderRefusal("denied"));
}

/** Which links open the page: to read, the e-mail's (acts) or a push's (reads); to act, the e-mail's. */
export const ownerPageLinks = {
  read: {
    accepts: ({ id = "" }) => [
      { scope: "owner", subject: id },
      { scope: "owner-read", subject: id },
    ],
    refused,
  },
  act: {
    accepts: ({ id = "" }) => [{ scope: "owner", subject: id }],
    refused,
    formBytes: maxFormBytes,
  },
} satisfies Record<string, LinkRule>;

export type OwnerPageDeps = {
  store: OwnerStore;
  businessName: string;
  /** The price list and offers of the version the request was made with (its stamp). */
  wordsOf: (lead: StoredContactRequest) => Promise<QuoteWords>;
  /** The booking part of the page (booking/owner-booking-section.ts), drawn for this request. */
  bookingSection?: (
    lead: StoredContactRequest,
    token: string,
    query: URLSearchParams,
  ) => Promise<ReactNode>;
  /** The status changed (wakes nothing today; logged). */
  onStatusChanged?: (id: string, status: string) => void;
  /** The customer's follow-ups, for the page (follow-ups/follow-up-lines.ts). */
  followUps?: (lead: StoredContactRequest) => Promise<FollowUpLine[]>;
  now?: () => Date;
  log?: Logger;
};

async function page(status: number, html: string, extra: Record<string, string> = {}) {
  return new Response(html, { status, headers: { ...(await ownerPageHeaders()), ...extra } });
}

/** The page's form, or null for anything else (another type, over the limit, not UTF-8). */
async function readForm(request: Request): Promise<URLSearchParams | null> {
  if (!isFormContentType(request.headers.get("content-type"))) return null;
  const read = await readBoundedText(request, maxFormBytes);
  return read.ok ? new URLSearchParams(read.text) : null;
}

/** GET and HEAD with `ownerPageLinks.read`, POST with `ownerPageLinks.act` (routes.ts). */
export async function handleOwnerPage(
  request: Request,
  grant: LinkGrant,
  deps: OwnerPageDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const url = new URL(request.url);
  const { subject: id, scope, token } = grant;
  try {
    if (request.method === "GET" || request.method === "HEAD") {
      const lead = await deps.store.get(id);
      if (!lead) return page(404, renderRefusal("missing"));
      const html = renderOwnerPage({
        lead,
        token,
        canAct: scope === "owner",
        businessName: deps.businessName,
        words: await deps.wordsOf(lead),
        saved: url.searchParams.has("saved"),
        followUps: await deps.followUps?.(lead),
        // Booking acts: only the owner's acting link shows it.
        booking:
          scope === "owner"
            ? await deps.bookingSection?.(lead, token, url.searchParams)
            : undefined,
      });
      return page(200, request.method === "HEAD" ? "" : html);
    }
    // Only the e-mail's link acts.
    if (scope !== "owner") return refused();
    const form = grant.form ?? (await readForm(request));
    const status = form?.get("status");
    if (!isOwnerAction(status)) return page(400, renderRefusal("denied"));
    const updated = await deps.store.setStatus(id, status, now);
    if (!updated) return page(404, renderRefusal("missing"));
    log.info("lead status set by the owner", { id, status });
    deps.onStatusChanged?.(id, status);
    // Relative to …/lead/<id>: the same page, whatever prefix a proxy or Supabase strips.
    const location = `${encodeURIComponent(id)}?token=${encodeURIComponent(token)}&saved=1`;
    return new Response(null, {
      status: 303,
      headers: { ...(await ownerPageHeaders()), Location: location },
    });
  } catch (error) {
    log.error("owner page failed", { id, error: errorMessage(error) });
    return page(503, renderRefusal("unavailable"));
  }
}
