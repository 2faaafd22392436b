/**
 * A customer's "no more e-mails like this one" (follow-up-email.ts), served by the function on both
 * hosts (its routes: routes.ts):
 *   GET  …/send-contact-email/opt-out/<address hash>?token=…   asks; changes nothing (mail
 *        scanners follow links)
 *   POST …/send-contact-email/opt-out/<address hash>?token=…   opts out: the page's button, or a
 *        mail app's one-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`)
 * The address travels only as its SHA-256, and the token is the `visitor` scope's, signed for
 * `opt-out:<hash>` (never a request id, so it opens nothing else; `optOutLink`, checked by the
 * router) and valid for a year. From then
 * on no review request or follow-up goes to that address; the owner's own replies are theirs.
 */
import type { Business } from "../../../shared/business.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { pageResponse } from "../http/private-page.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import type { FollowUpStore } from "../store/follow-up-store.ts";
import { renderPage } from "../views/private-page.ts";
import { h, type ReactNode } from "../views/react.ts";

/** An opt-out link keeps working for a year (the law asks for at least 30 days). */
export const optOutLinkTtlMs = 365 * 86_400_000;

const hexOf = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The address as the follow-ups keep it: the SHA-256 of its trimmed, lower-case form. */
export async function addressHash(email: string): Promise<string> {
  const text = new TextEncoder().encode(email.trim().toLowerCase());
  return hexOf(await crypto.subtle.digest("SHA-256", text));
}

export const optOutSubject = (hash: string) => `opt-out:${hash}`;

export async function optOutUrl(
  functionUrl: string,
  hash: string,
  signer: LinkSigner,
  now: Date,
): Promise<string> {
  const token = await signer.sign(optOutSubject(hash), now, optOutLinkTtlMs);
  return `${functionUrl}/opt-out/${hash}?token=${encodeURIComponent(token)}`;
}

export type OptOutDeps = {
  store: Pick<FollowUpStore, "optOut" | "isOptedOut">;
  /** The live version's. */
  business: Business;
  now?: () => Date;
  log?: Logger;
};

const maxBodyBytes = 1024;

function answer(business: Business, status: number, title: string, ...body: ReactNode[]) {
  return pageResponse(
    status,
    renderPage({ title }, h("p", null, business.name), h("h1", null, title), ...body),
  );
}

/** The `visitor` scope, signed for this address's hash alone; `business`: the live version's. */
export const optOutLink = (business: () => Business): LinkRule => ({
  accepts: ({ hash = "" }) => [{ scope: "visitor", subject: optOutSubject(hash) }],
  refused: () =>
    answer(
      business(),
      403,
      "E-mail choices",
      h(
        "p",
        null,
        `This link is not valid or has expired. To stop our e-mails, reply to one of them and say so, or call ${business().phone.display}.`,
      ),
    ),
});

/** GET, HEAD and POST with `optOutLink` (routes.ts). */
export async function handleOptOut(
  request: Request,
  hash: string,
  grant: LinkGrant,
  deps: OptOutDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const { token } = grant;
  const { business } = deps;
  try {
    if (request.method === "POST") {
      // The page's button or a mail app's one-click; nothing in the body is needed.
      const declared = Number(request.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBodyBytes)
        return answer(business, 413, "E-mail choices", h("p", null, "Too large."));
      await request.body?.cancel();
      await deps.store.optOut(hash, now);
      log.info("a customer opted out of follow-ups");
      return answer(
        business,
        200,
        "You will get no more e-mails like this",
        h(
          "p",
          null,
          "No review requests or follow-ups will be sent to your address from now on. If you write to us or call, we will still answer you.",
        ),
      );
    }
    if (await deps.store.isOptedOut(hash))
      return answer(
        business,
        200,
        "You will get no more e-mails like this",
        h("p", null, "Your address already gets no review requests or follow-ups."),
      );
    return answer(
      business,
      200,
      "Stop these e-mails?",
      h(
        "p",
        null,
        `${business.name} sends a review request after a job, and one reminder about a quote left without an answer. Press the button and none of these will come to your address again.`,
      ),
      h(
        "form",
        { method: "post", action: `${hash}?token=${encodeURIComponent(token)}` },
        h("button", { type: "submit", className: "primary" }, "Stop these e-mails"),
      ),
    );
  } catch (error) {
    log.error("opt-out failed", { error: errorMessage(error) });
    return answer(
      business,
      503,
      "E-mail choices",
      h("p", null, "This cannot be saved right now. Please try again in a minute."),
    );
  }
}
