/**
 * "Straight to booking" (docs/owner.md): the owner's choice to open the customer's own page right
 * after Send. Off by default, the answers are the contract's (`{ ok, id }`, 303 to the thank-you
 * page); on, the JSON answer adds the page and a plain form's post lands on it, and the page opens
 * with the link it carries. A request the spam filter stored is never sent there.
 */
import { afterEach, describe, expect, it } from "vitest";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { publishAndFollow } from "../../../tests/support/content-source.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { parseContactConfig } from "../base/config.ts";
import { silentLogger } from "../base/log.ts";
import { type ContactFunction, createContactFunction } from "../contact-function.ts";
import { parseOwnerConfig } from "../owner/owner-config.ts";

const key = "test-public-key";
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

async function started(pageAfterSend: boolean) {
  const fn = createContactFunction({
    config: parseContactConfig({
      CONTACT_PUBLIC_KEY: key,
      ALLOWED_ORIGINS: "https://www.example.org",
      SITE_URL: "https://www.example.org",
      RATE_LIMIT_MAX: "100",
    }),
    owner: parseOwnerConfig(
      {
        OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
        VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
        DIGEST_TIME: "off",
        FUNCTION_URL: functionUrl,
      },
      { production: true, defaultFunctionUrl: functionUrl },
    ),
    openStore: async () => ({ store: testStore() }),
    mailer: { send: async () => "test", close: async () => {} },
    log: silentLogger,
  });
  running.push(fn);
  await fn.start();
  if (pageAfterSend) {
    const document = structuredClone(repositoryContent) as SiteContent;
    document.booking.pageAfterSend = true;
    const checked = checkSiteContent(document);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    await publishAndFollow(fn, checked.content);
  }
  const call = (url: string, init?: RequestInit) =>
    fn.fetch(new Request(url, init), { peer: "127.0.0.1" });
  const sendJson = async (body: object = validRequest()) => {
    const response = await call(functionUrl, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const sendForm = (fields: Record<string, string>) =>
    call(functionUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        origin: "https://www.example.org",
      },
      body: new URLSearchParams({ apikey: key, ...fields }),
    });
  return { call, sendJson, sendForm };
}

const formFields = () =>
  Object.fromEntries(
    Object.entries(validRequest()).map(([name, value]) => [name, String(value)]),
  ) as Record<string, string>;

describe("after Send", () => {
  it("answers as the contract says while the owner has not chosen otherwise", async () => {
    const t = await started(false);
    const answer = await t.sendJson();
    expect(Object.keys(answer).sort()).toEqual(["id", "ok"]);
    const posted = await t.sendForm(formFields());
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("https://www.example.org/thank-you");
  });

  it("opens the customer's own page when the owner chose it, with and without JavaScript", async () => {
    const t = await started(true);
    const answer = await t.sendJson();
    expect(answer.ok).toBe(true);
    const page = String(answer.page);
    expect(page).toContain(`${functionUrl}/request/${answer.id}?token=`);
    const opened = await t.call(page);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Your request");

    const posted = await t.sendForm(formFields());
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location") ?? "";
    expect(location).toMatch(/\/request\/[0-9a-f-]+\?token=.+&saved=sent$/);
    const landed = await t.call(location);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toMatch(/Thank you! We(&#x27;|')ll contact you soon\./);
  });

  it("sends no page to what the spam filter stored", async () => {
    const t = await started(true);
    const answer = await t.sendJson({ ...validRequest(), website: "https://spam.example" });
    expect(answer.ok).toBe(true);
    expect(answer).not.toHaveProperty("page");
  });
});
