/**
 * A customer's "no more e-mails like this one" (follow-up-email.ts), served by the function on both
 * hosts (its route: contact-function.ts):
 *   GET  …/send-contact-email/opt-out/<address hash>?token=…   asks; changes nothing (mail
 *        scanners follow links)
 *   POST …/send-contact-email/opt-out/<address hash>?token=…   opts out: the page's button, or a
 *        mail app's one-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`)
 * The address travels only as its SHA-256, and the token is the `visitor` scope's, signed for
 * `opt-out:<hash>` (never a request id, so it opens nothing else) and valid for a year. From then
 * on no review request or follow-up goes to that address; the owner's own replies are theirs.
 */
import { business } from "../../../shared/business.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import { errorMessage, type Logger, silentLogger } from "../log.ts";
import { pageResponse } from "../private-page.ts";
import { renderPage } from "../views/private-page.ts";
import { h, type ReactNode } from "../views/react.ts";
import type { FollowUpStore } from "./follow-up-store.ts";

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
  /** The `visitor` scope's signer. */
  signer: LinkSigner;
  now?: () => Date;
  log?: Logger;
};

const maxBodyBytes = 1024;

function answer(status: number, title: string, ...body: ReactNode[]) {
  return pageResponse(
    status,
    renderPage({ title }, h("p", null, business.name), h("h1", null, title), ...body),
  );
}

export async function handleOptOut(
  request: Request,
  hash: string,
  deps: OptOutDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const denied = () =>
    answer(
      403,
      "E-mail choices",
      h(
        "p",
        null,
        `This link is not valid or has expired. To stop our e-mails, reply to one of them and say so, or call ${business.phone.display}.`,
      ),
    );
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST")
    return answer(405, "E-mail choices", h("p", null, "Use the button on the page."));
  if (!(await deps.signer.verify(optOutSubject(hash), token, now))) return denied();
  try {
    if (request.method === "POST") {
      // The page's button or a mail app's one-click; nothing in the body is needed.
      const declared = Number(request.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBodyBytes)
        return answer(413, "E-mail choices", h("p", null, "Too large."));
      await request.body?.cancel();
      await deps.store.optOut(hash, now);
      log.info("a customer opted out of follow-ups");
      return answer(
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
        200,
        "You will get no more e-mails like this",
        h("p", null, "Your address already gets no review requests or follow-ups."),
      );
    return answer(
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
      503,
      "E-mail choices",
      h("p", null, "This cannot be saved right now. Please try again in a minute."),
    );
  }
}
