/**
 * The owner's request page, served by the function on both hosts (its route:
 * contact-function.ts):
 *   GET  …/send-contact-email/lead/<id>?token=…   shows the request; changes nothing
 *   POST …/send-contact-email/lead/<id>?token=…   the status from the page's form
 * Two kinds of link open it (links/signed-links.ts): the owner's e-mail carries an `owner` link,
 * which shows the buttons and may set the status; alerts, reminders and digests sent to a push
 * channel carry an `owner-read` link, which shows the request only (anyone who can read an ntfy
 * topic or a chat channel can open it, and must not be able to act). A missing, altered, expired
 * or another request's token gets 403 and shows nothing; so does a POST with a read-only one.
 * After a button, 303 back to the page (reloading it sends nothing again).
 *
 * The page posts to its own link, so the token is checked before a byte of the body is read; a
 * post with the token in its body (a page rendered by an earlier version) is read up to the form's
 * few hundred bytes, never more, on every host (Deno hands the body over unread).
 */

import type { FollowUpLine } from "../follow-ups/follow-up-lines.ts";
import { type LinkScope, type LinkSigners, verifiedScope } from "../links/signed-links.ts";
import { errorMessage, type Logger, silentLogger } from "../log.ts";
import { isFormContentType, readBoundedText } from "../request-body.ts";
import type { StoredContactRequest } from "../store.ts";
import type { ReactNode } from "../views/react.ts";
import { isOwnerAction } from "./lead-view.ts";
import type { OwnerStore } from "./owner-store.ts";
import { ownerPageHeaders, renderOwnerPage, renderRefusal } from "./request-page.ts";

/** The page's form fields are a token and a status: a few hundred bytes at most. */
const maxFormBytes = 2048;

/** The scopes whose links open the page: the first acts, the second only reads. */
const pageScopes: readonly LinkScope[] = ["owner", "owner-read"];

export type OwnerPageDeps = {
  store: OwnerStore;
  /** Every scope's signer; the page reads `owner` and `owner-read` tokens. */
  signers: LinkSigners;
  businessName: string;
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

export async function handleOwnerPage(
  request: Request,
  id: string,
  deps: OwnerPageDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const url = new URL(request.url);
  try {
    if (request.method === "GET" || request.method === "HEAD") {
      const token = url.searchParams.get("token") ?? "";
      const scope = await verifiedScope(deps.signers, pageScopes, id, token, now);
      if (!scope) return page(403, renderRefusal("denied"));
      const lead = await deps.store.get(id);
      if (!lead) return page(404, renderRefusal("missing"));
      const html = renderOwnerPage({
        lead,
        token,
        canAct: scope === "owner",
        businessName: deps.businessName,
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
    if (request.method !== "POST") {
      return page(405, renderRefusal("denied"), { Allow: "GET, HEAD, POST" });
    }
    // Only the e-mail's link acts.
    const acts = (token: string) => deps.signers.owner.verify(id, token, now);
    const linkToken = url.searchParams.get("token");
    if (linkToken !== null && !(await acts(linkToken))) return page(403, renderRefusal("denied"));
    const form = await readForm(request);
    const token = linkToken ?? form?.get("token") ?? "";
    if (linkToken === null && !(await acts(token))) return page(403, renderRefusal("denied"));
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
