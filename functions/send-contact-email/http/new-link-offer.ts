/**
 * The owner's way back in when a link has expired or was never theirs: a page of the editor or
 * of the inbox that refuses a link offers a button that e-mails a fresh one to the business's
 * own address (owner/new-link-routes.ts sends it). The button is a form that posts to the
 * function's `site/new-link` or `inbox/new-link` from wherever the refusing page is, by a
 * relative address, so that it works behind any prefix a proxy or Supabase adds or strips.
 */
import { h } from "../views/react.ts";

/** The two links the owner may ask for again by e-mail. */
export type NewLinkKind = "site" | "inbox";

/** Where each kind is asked for, after `…/send-contact-email/`. */
export const newLinkPaths: Record<NewLinkKind, string> = {
  site: "site/new-link",
  inbox: "inbox/new-link",
};

/** What each button says. */
export const newLinkButtons: Record<NewLinkKind, string> = {
  site: "E-mail me a new link",
  inbox: "E-mail me my inbox link",
};

/**
 * The words every ask is answered with, whatever happened: sent, limited, refused, or a site
 * that is not this person's. They never say the address, nor whether anything went.
 */
export const newLinkAnswers: Record<NewLinkKind, string> = {
  site: "If this is your site, a new link is on its way to the business's e-mail.",
  inbox: "If this is your business, your inbox link is on its way to the business's e-mail.",
};

const functionName = /\/send-contact-email(\/.*)?$/;

/**
 * `kind`'s address relative to the page `request` asked for: `site/new-link` from …/site,
 * `../../site/new-link` from …/site/pages/exton.
 */
export function newLinkAction(request: Request, kind: NewLinkKind): string {
  const after = functionName.exec(new URL(request.url).pathname)?.[1] ?? "";
  const depth = Math.max(0, after.split("/").filter(Boolean).length - 1);
  return `${"../".repeat(depth)}${newLinkPaths[kind]}`;
}

/** The button: a POST (opening a page never sends anything), no field, no token. */
export function NewLinkForm({ action, kind }: { action: string; kind: NewLinkKind }) {
  return h(
    "form",
    { method: "post", action, className: "new-link" },
    h("button", { type: "submit", className: "primary" }, newLinkButtons[kind]),
  );
}
