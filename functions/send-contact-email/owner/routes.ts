/**
 * The owner's request page, served by the function on both hosts (its route:
 * contact-function.ts):
 *   GET  …/send-contact-email/lead/<id>?token=…   shows the request; changes nothing
 *   POST …/send-contact-email/lead/<id>           token and status from the page's form
 * A missing, altered, expired or another request's token gets 403 and shows nothing. After a
 * button, 303 back to the page (reloading it sends nothing again).
 */

import type { LinkSigner } from "../links/signed-links.ts";
import { errorMessage, type Logger, silentLogger } from "../log.ts";
import type { StoredContactRequest } from "../store.ts";
import { isOwnerAction } from "./lead-view.ts";
import type { OwnerStore } from "./owner-store.ts";
import { ownerPageHeaders, renderOwnerPage, renderRefusal } from "./request-page.ts";

/** The page's form fields are a token and a status: a few hundred bytes at most. */
const maxFormBytes = 2048;

export type OwnerPageDeps = {
  store: OwnerStore;
  signer: LinkSigner;
  businessName: string;
  /** The booking part of the page (booking/owner-booking-section.ts), drawn for this request. */
  bookingSection?: (
    lead: StoredContactRequest,
    token: string,
    query: URLSearchParams,
  ) => Promise<string>;
  /** The status changed (wakes nothing today; logged). */
  onStatusChanged?: (id: string, status: string) => void;
  now?: () => Date;
  log?: Logger;
};

async function page(status: number, html: string, extra: Record<string, string> = {}) {
  return new Response(html, { status, headers: { ...(await ownerPageHeaders()), ...extra } });
}

async function readForm(request: Request): Promise<URLSearchParams | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return null;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxFormBytes) return null;
  const text = await request.text();
  if (text.length > maxFormBytes) return null;
  return new URLSearchParams(text);
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
      if (!(await deps.signer.verify(id, token, now))) return page(403, renderRefusal("denied"));
      const lead = await deps.store.get(id);
      if (!lead) return page(404, renderRefusal("missing"));
      const html = renderOwnerPage({
        lead,
        token,
        businessName: deps.businessName,
        saved: url.searchParams.has("saved"),
        booking: await deps.bookingSection?.(lead, token, url.searchParams),
      });
      return page(200, request.method === "HEAD" ? "" : html);
    }
    if (request.method !== "POST") {
      return page(405, renderRefusal("denied"), { Allow: "GET, HEAD, POST" });
    }
    const form = await readForm(request);
    const token = form?.get("token") ?? "";
    if (!(await deps.signer.verify(id, token, now))) return page(403, renderRefusal("denied"));
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
