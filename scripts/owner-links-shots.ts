/**
 * `node scripts/owner-links-shots.ts`: how the owner gets back in, at 390 px without script, into
 * docs/owner/ (linked from docs/owner.md): an expired editor link offering a new one by e-mail,
 * the answer after asking, the e-mail that brings it, the request page's E-mail me my inbox link,
 * an expired inbox link, and the new request's e-mail that carries no inbox link. The contact
 * function runs in this process on an in-memory store and answers the browser's requests itself
 * (no server, no build); the e-mails are what its mailer was given, shown as a mail app would.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import {
  type ContactEmail,
  createLinkSigners,
  inboxSubjects,
  siteSubject,
} from "../functions/send-contact-email/index.ts";
import { chromiumFlags, chromiumPath } from "./chromium.ts";
import { functionUrl, phoneServedBy, startOwnerFunction } from "./owner-pages-harness.ts";
import { savePalettePng } from "./quote-form-shots.ts";

const out = join(import.meta.dirname, "..", "docs", "owner");
const secret = "owner-links-shots-owner-link-secret-0123456789";
const key = "owner-links-shots-key";

const mails: ContactEmail[] = [];
const { fn, owner } = await startOwnerFunction({
  secret,
  env: {
    CONTACT_PUBLIC_KEY: key,
    MAIL_TO: "owner@keystone-shine.example",
    MAIL_FROM: "Keystone Shine Website <website@keystone-shine.example>",
  },
  mailer: {
    async send(email) {
      mails.push(email);
      return "shots";
    },
    close: async () => {},
  },
});
const links = createLinkSigners(owner.links);
const dayAgo = new Date(Date.now() - 2 * 86_400_000);

const stored = await fn.fetch(
  new Request(functionUrl, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Dana Whitfield",
      email: "dana.whitfield@example.org",
      phone: "(484) 555-0123",
      service: "residential",
      otherService: "",
      message: "Three bedrooms, two baths. Every other Friday if you can.",
    }),
  }),
  { peer: "127.0.0.1" },
);
const { id } = (await stored.json()) as { id: string };
await fn.drain();

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const context = await phoneServedBy(browser, fn);
const page = await context.newPage();
mkdirSync(out, { recursive: true });
const shot = async (name: string, target: Page, fullPage = false) =>
  savePalettePng(await target.screenshot({ fullPage }), join(out, `${name}-390.png`));
/** An e-mail's HTML part, as a phone's mail app shows it: fitted to the screen's width. */
const mailView = await browser.newContext({
  viewport: { width: 390, height: 640 },
  deviceScaleFactor: 1,
  javaScriptEnabled: false,
});
const showMail = async (mail: ContactEmail | undefined, name: string) => {
  const view = await mailView.newPage();
  await view.setContent(mail?.html ?? "no e-mail");
  await shot(name, view, true);
  await view.close();
};

// The new request's e-mail: its own page, and no inbox (a reply reaches the visitor).
await showMail(
  mails.find((mail) => mail.subject.startsWith("Quote request:")),
  "link-request-email",
);

// An editor link from two days ago: refused, with a new one offered by e-mail.
const expiredSite = await links.site.sign(siteSubject, dayAgo, 86_400_000);
await page.goto(`${functionUrl}/site/contact?token=${encodeURIComponent(expiredSite)}`);
await shot("link-expired-editor", page);
await page.getByRole("button", { name: "E-mail me a new link" }).click();
await page.getByRole("status").waitFor();
await shot("link-asked", page);
await fn.drain();
await showMail(
  mails.find((mail) => mail.subject === "Your link to edit the site"),
  "link-editor-email",
);

// The owner's request page: the inbox by e-mail, never a link to it.
const ownerToken = await links.owner.sign(id, new Date());
await page.goto(`${functionUrl}/lead/${id}?token=${encodeURIComponent(ownerToken)}`);
await page.getByRole("button", { name: "E-mail me my inbox link" }).scrollIntoViewIfNeeded();
await shot("link-request-page", page);

// An inbox link past its 90 days.
const expiredInbox = await links.inbox.sign(inboxSubjects.act, dayAgo, 1000);
await page.goto(`${functionUrl}/inbox?token=${encodeURIComponent(expiredInbox)}`);
await shot("link-expired-inbox", page);
await page.getByRole("button", { name: "E-mail me my inbox link" }).click();
await page.getByRole("status").waitFor();
await fn.drain();
await showMail(
  mails.find((mail) => mail.subject === "Your inbox link"),
  "link-inbox-email",
);

await browser.close();
await fn.stop();
console.log(`saved 7 screenshots to ${out}`);
