/**
 * Getting back in with an expired link, through the assembled function (contact-function.ts) on
 * the real SQLite store in memory: a refused editor or inbox link offers a button; its POST
 * e-mails a fresh link to the business's own address only, through the owner's notice queue; GET
 * sends nothing; every ask gets the same words, sent or not; asks are bounded per address and
 * overall; the owner's request page offers the inbox link by e-mail, never the inbox itself.
 */
import { afterEach, describe, expect, it } from "vitest";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { parseContactConfig } from "../base/config.ts";
import { silentLogger } from "../base/log.ts";
import { type ContactFunction, createContactFunction } from "../contact-function.ts";
import { newLinkAnswers } from "../http/new-link-offer.ts";
import { createLinkSigner } from "../links/signed-links.ts";
import type { ContactEmail } from "../mail/email.ts";
import { newLinkLimits } from "./new-link-routes.ts";
import { parseOwnerConfig } from "./owner-config.ts";

const key = "test-public-key";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  SITE_LINK_SECRET: "a-site-link-secret-of-enough-length-0123456",
  INBOX_LINK_SECRET: "an-inbox-link-secret-of-enough-length-01234",
};
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

async function setup() {
  const mails: ContactEmail[] = [];
  const fn = createContactFunction({
    config: parseContactConfig({
      CONTACT_PUBLIC_KEY: key,
      MAIL_TO: "owner@example.org",
      MAIL_FROM: "Keystone Shine Website <website@example.org>",
    }),
    owner: parseOwnerConfig(
      { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
      { production: true, defaultFunctionUrl: functionUrl },
    ),
    openStore: async () => ({ store: testStore() }),
    mailer: {
      async send(email) {
        mails.push(email);
        return "test";
      },
      async close() {},
    },
    log: silentLogger,
  });
  running.push(fn);
  await fn.start();
  const call = (path: string, init?: RequestInit, peer = "203.0.113.7") =>
    fn.fetch(new Request(path ? new URL(path, `${functionUrl}/`) : functionUrl, init), { peer });
  const ask = (path: string, peer?: string, headers: Record<string, string> = {}) =>
    call(path, { method: "POST", headers }, peer);
  /** The owner's e-mails of links, once the queues have run. */
  const linkMails = async () => {
    await fn.drain();
    return mails.filter((mail) => mail.headers["X-Owner-Notice"]?.startsWith("link:"));
  };
  return { fn, mails, call, ask, linkMails };
}

const expiredSite = await createLinkSigner(secrets.SITE_LINK_SECRET, {
  scope: "site",
  ttlMs: 86_400_000,
}).sign("site", new Date(Date.now() - 2 * 86_400_000));

/** A page's text as read: React writes an apostrophe as an entity. */
const read = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'");

/** The form of a page: where it posts, and its button. */
function formOf(html: string): { action: string; button: string } | null {
  const form = /<form [^>]*class="new-link"[^>]*>\s*<button[^>]*>([^<]*)</.exec(html);
  const action = form ? /action="([^"]*)"/.exec(form[0])?.[1] : undefined;
  return form && action !== undefined ? { action, button: form[1] ?? "" } : null;
}

/** The one link of ours an e-mail carries. */
const linkIn = (mail: ContactEmail | undefined) =>
  /https:\/\/\S+\?token=\S+/.exec(mail?.text ?? "")?.[0] ?? "";

describe("an expired editor link", () => {
  it("offers a new link by e-mail, from every editor page, posting to …/site/new-link", async () => {
    const t = await setup();
    for (const path of ["site", "site/contact", "site/pages/exton", "site/pictures"]) {
      const refused = await t.call(`${path}?token=${expiredSite}`);
      expect(refused.status, path).toBe(403);
      const form = formOf(await refused.text());
      expect(form?.button, path).toBe("E-mail me a new link");
      expect(new URL(form?.action ?? "", `${functionUrl}/${path}`).href, path).toBe(
        `${functionUrl}/site/new-link`,
      );
    }
    // Opening a refusal, or the offer itself, sends nothing.
    expect((await t.call("site/new-link")).status).toBe(200);
    expect(await t.linkMails()).toEqual([]);
  });

  it("e-mails a fresh editor link to the business alone, the same words whatever happens", async () => {
    const t = await setup();
    const asked = await t.ask("site/new-link");
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("new-link?asked=1");
    const answer = await read(await t.call("site/new-link?asked=1"));
    expect(answer).toContain(newLinkAnswers.site);
    expect(answer).not.toContain("owner@example.org");
    const [mail, ...more] = await t.linkMails();
    expect(more).toEqual([]);
    expect(mail?.to).toEqual(["owner@example.org"]);
    expect(mail?.replyTo.address).toBe("owner@example.org");
    expect(mail?.subject).toBe("Your link to edit the site");
    expect(mail?.text).toContain("It works for a day.");
    const editor = await t.call(linkIn(mail));
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain("Your site");
  });

  it("bounds the asks per address and overall, answering each the same", async () => {
    const t = await setup();
    const perClient = newLinkLimits.perClient;
    for (let ask = 0; ask < perClient + 2; ask += 1) {
      const answer = await t.ask("site/new-link", "198.51.100.1");
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("new-link?asked=1");
    }
    expect(await t.linkMails()).toHaveLength(perClient);
    for (let peer = 2; peer < 12; peer += 1) await t.ask("inbox/new-link", `198.51.100.${peer}`);
    expect(await t.linkMails()).toHaveLength(newLinkLimits.overall);
  });

  it("sends nothing for a post from another site's page", async () => {
    const t = await setup();
    const answer = await t.ask("site/new-link", undefined, { "sec-fetch-site": "cross-site" });
    expect(answer.headers.get("location")).toBe("new-link?asked=1");
    expect(await t.linkMails()).toEqual([]);
  });
});

describe("the inbox link by e-mail", () => {
  it("is offered by an expired inbox link and by the request page, never the inbox itself", async () => {
    const t = await setup();
    const expired = await createLinkSigner(secrets.INBOX_LINK_SECRET, { scope: "inbox" }).sign(
      "inbox",
      new Date(Date.now() - 91 * 86_400_000),
    );
    const refused = await t.call(`inbox?token=${expired}`);
    expect(refused.status).toBe(403);
    const fromInbox = formOf(await refused.text());
    expect(fromInbox?.button).toBe("E-mail me my inbox link");
    expect(new URL(fromInbox?.action ?? "", `${functionUrl}/inbox`).href).toBe(
      `${functionUrl}/inbox/new-link`,
    );

    const stored = await t.call("", {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify(validRequest({ name: "Dana Whitfield" })),
    });
    const { id } = (await stored.json()) as { id: string };
    const ownerToken = await createLinkSigner(secrets.OWNER_LINK_SECRET, {
      scope: "owner",
      derived: true,
    }).sign(id, new Date());
    const page = await (await t.call(`lead/${id}?token=${ownerToken}`)).text();
    expect(page).not.toMatch(/inbox\?token=/);
    const fromRequest = formOf(page);
    expect(fromRequest?.button).toBe("E-mail me my inbox link");
    expect(new URL(fromRequest?.action ?? "", `${functionUrl}/lead/${id}`).href).toBe(
      `${functionUrl}/inbox/new-link`,
    );

    expect((await t.ask("inbox/new-link")).status).toBe(303);
    const [mail] = await t.linkMails();
    expect(mail?.to).toEqual(["owner@example.org"]);
    expect(mail?.replyTo.address).toBe("owner@example.org");
    expect(mail?.subject).toBe("Your inbox link");
    const inbox = await t.call(linkIn(mail));
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain("Dana Whitfield");
  });
});
