/**
 * A fresh link by e-mail, for an owner whose link has expired (routes.ts):
 *   GET  …/send-contact-email/site/new-link    the offer: a button; changes nothing
 *   POST …/send-contact-email/site/new-link    e-mails a fresh editor link, then 303 to the GET
 *   GET, POST …/inbox/new-link                 the same for the inbox link
 * No token: whoever holds an old link, or none, may ask. So the link goes only to the business's
 * own address (MAIL_TO), through the owner's notice queue (notifier.ts: durable, retried), in an
 * e-mail whose Reply-To is the business (the link rule, mail/email.ts); every ask is answered
 * with the same words whatever became of it (sent, limited, from another site's page), never the
 * address; and asks are bounded per client address and overall, so that a stranger cannot fill
 * the owner's mailbox.
 */
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { NewLinkForm, type NewLinkKind, newLinkAnswers } from "../http/new-link-offer.ts";
import { pageResponse } from "../http/private-page.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import type { Notice, OwnerStore } from "../store/owner-store.ts";
import { Notice as Done } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { h } from "../views/react.ts";

export type NewLinkDeps = {
  store: Pick<OwnerStore, "enqueueNotice">;
  /** A fresh link of the kind asked for (the editor's `site` link, the inbox that acts). */
  link: () => Promise<string>;
  /** How long that link works, in days (SITE_LINK_TTL_DAYS, INBOX_LINK_TTL_DAYS). */
  linkDays: number;
  businessName: string;
  /** Asks from one client address, and from everyone together. */
  limits: { client: RateLimiter; overall: RateLimiter };
  clientAddress: string;
  /** A notice was queued: the owner's queue sends it now (after the answer). */
  onQueued: () => void;
  now?: () => Date;
  log?: Logger;
};

/** Asks per client address and from everyone, per hour (docs/owner.md, "Getting there"). */
export const newLinkLimits = { perClient: 3, overall: 6, windowMs: 3_600_000 } as const;

const titles: Record<NewLinkKind, string> = { site: "Your site", inbox: "Quote requests" };

const offers: Record<NewLinkKind, string> = {
  site: "Tap below and a fresh link to edit the site goes to the business's e-mail.",
  inbox: "Tap below and your inbox link goes to the business's e-mail.",
};

const days = (count: number) => (count === 1 ? "a day" : `${count} days`);

/** The e-mail of the link: to the business alone, Reply-To the business (notice-email.ts). */
export function newLinkNotice(
  kind: NewLinkKind,
  url: string,
  linkDays: number,
  businessName: string,
): Notice {
  const notYou =
    "This e-mail goes only to the business's own address. If you did not ask for it, nothing needs doing.";
  return kind === "site"
    ? {
        kind: "link",
        title: "Your link to edit the site",
        lines: [
          `A new link to edit the ${businessName} website was asked for. It works for ${days(linkDays)}.`,
          notYou,
        ],
        url,
        urlLabel: "Open the editor",
        leads: [],
      }
    : {
        kind: "link",
        title: "Your inbox link",
        lines: [
          `Your inbox: every request to ${businessName}, the week's numbers, and Edit the site. The link works for ${days(linkDays)}: keep this e-mail to open it again.`,
          notYou,
        ],
        url,
        urlLabel: "Open your inbox",
        leads: [],
      };
}

function renderNewLinkPage(kind: NewLinkKind, asked: boolean, linkDays: number): string {
  return renderPage(
    { title: titles[kind], kind: kind === "site" ? "editor" : "inbox" },
    h("h1", null, titles[kind]),
    asked
      ? [
          h(Done, { key: "done" }, newLinkAnswers[kind]),
          h(
            "p",
            { key: "more" },
            `It can take a few minutes; look in the spam folder too. The link in it works for ${days(linkDays)}.`,
          ),
        ]
      : [
          h("p", { key: "offer" }, offers[kind]),
          h(NewLinkForm, { key: "form", action: "new-link", kind }),
        ],
  );
}

/** GET shows the offer (or, after an ask, the answer); POST asks. */
export async function handleNewLink(
  request: Request,
  kind: NewLinkKind,
  deps: NewLinkDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  if (request.method !== "POST") {
    const asked = new URL(request.url).searchParams.has("asked");
    const html = renderNewLinkPage(kind, asked, deps.linkDays);
    return pageResponse(200, request.method === "HEAD" ? "" : html);
  }
  // The same answer whatever happens below: the address and the outcome stay unsaid.
  const answer = new Response(null, {
    status: 303,
    headers: { Location: "new-link?asked=1", "Cache-Control": "no-store" },
  });
  // Another site's page cannot make the business's mailbox fill (a form that posts by itself).
  if (request.headers.get("sec-fetch-site") === "cross-site") return answer;
  try {
    const client = await deps.limits.client.consume(deps.clientAddress);
    const overall = client.allowed ? await deps.limits.overall.consume("new-link") : client;
    if (!overall.allowed) {
      log.warn("a new owner link was asked for too often: nothing sent", { kind });
      return answer;
    }
    const now = deps.now?.() ?? new Date();
    await deps.store.enqueueNotice({
      key: `link:${kind}:${now.toISOString()}:${crypto.randomUUID()}:email`,
      channel: "email",
      requestId: null,
      notice: newLinkNotice(kind, await deps.link(), deps.linkDays, deps.businessName),
      createdAt: now,
    });
    deps.onQueued();
    log.info("a new owner link was asked for: e-mailed to the business", { kind });
  } catch (error) {
    log.error("a new owner link could not be queued", { kind, error: errorMessage(error) });
  }
  return answer;
}
