/**
 * The owner's journey on the real embedded server: a quote request is stored, the outbox writes
 * its e-mail as an .eml file (no SMTP server set), the owner opens the link from that file on a
 * phone or a desktop, presses Won, and `npm run leads --json` shows `won`. A push's read-only
 * link opens the same page without its buttons.
 */
import { join } from "node:path";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { createFakeSite } from "../integration/support/fake-site.ts";
import { ownersMailOf, waitForOutboxMail } from "../integration/support/outbox-files.ts";
import { unusedPort } from "../integration/support/ports.ts";
import { validRequest } from "../integration/support/requests.ts";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { ownServer } from "./helpers/own-server.ts";

test.describe.configure({ mode: "serial" });

const functionPath = "/functions/v1/send-contact-email";
const key = "sb_publishable_owner-journey-key";
const ownerLinkSecret = "owner-journey-secret-0123456789abcdef";
// No SMTP server: the outbox writes each e-mail as an .eml file in the data folder.
const own = ownServer("owner", {
  mail: false,
  env: async (folder) => {
    const port = await unusedPort();
    return {
      PORT: String(port),
      FUNCTION_URL: `http://127.0.0.1:${port}${functionPath}`,
      OWNER_LINK_SECRET: ownerLinkSecret,
      CONTACT_PUBLIC_KEY: key,
      ALLOWED_ORIGINS: "https://www.example.org",
      STATIC_DIR: await createFakeSite(folder),
    };
  },
});

/**
 * The link in the owner's .eml for this request: found by its recipient, since the visitor's
 * acknowledgement is named after the same request and may be written first.
 */
async function linkFromEml(id: string): Promise<string> {
  const mail = await waitForOutboxMail(
    join(own.dataDir, "outbox"),
    ownersMailOf(id, repositoryFacts().business.email),
    `the owner's e-mail about ${id}`,
  );
  return new RegExp(`http://\\S+/lead/${id}\\?token=[\\w.%-]+`).exec(mail.text)?.[0] ?? "";
}

test("the owner opens the link from the e-mail and marks the request won", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  // The forged link at the end is refused with 403, which Chromium logs.
  allowConsoleErrors(/status of 403/);
  const name = `Robin Owner-Test ${test.info().project.name}`;
  const response = await fetch(`${own.url}${functionPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key, origin: "https://www.example.org" },
    body: JSON.stringify(validRequest({ name, message: "Move-out clean <b>please</b>" })),
  });
  const { id } = (await response.json()) as { id: string };
  const link = await linkFromEml(id);
  expect(link).not.toBe("");

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Move-out clean <b>please</b>")).toBeVisible();
  // The visitor's US number, dialled as E.164 (shared/phone.ts).
  await expect(page.getByRole("link", { name: /^Call \(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
    "href",
    /^tel:\+1\d{10}$/,
  );
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expect(page.getByText("Status: New")).toBeVisible();
  // axe is injected as a script, which the page's own policy (no script at all) forbids: it
  // checks the same page in a context that ignores the policy.
  const axeContext = await browser.newContext({ bypassCSP: true, viewport: page.viewportSize() });
  const axePage = await axeContext.newPage();
  await axePage.goto(link);
  await expectNoAxeViolations(axePage, "the owner's request page");
  await axeContext.close();

  await page.getByRole("button", { name: "Won" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: Won.");
  await expect(page.getByRole("button", { name: "Won" })).toHaveAttribute("aria-pressed", "true");

  const leads = await own.leads<{ id: string; status: string }>();
  expect(leads.find((lead) => lead.id === id)?.status).toBe("won");

  // The same link with one character changed shows nothing.
  const forged = await page.goto(link.replace(/token=\d/, "token=9"));
  expect(forged?.status()).toBe(403);
  await expect(page.getByText(name)).toHaveCount(0);
});

test("a push's read-only link shows the request, with no button to press", async ({
  page,
  browser,
}) => {
  const name = `Riley Read-Only ${test.info().project.name}`;
  const response = await fetch(`${own.url}${functionPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key, origin: "https://www.example.org" },
    body: JSON.stringify(validRequest({ name })),
  });
  const { id } = (await response.json()) as { id: string };
  // What an alert carries (the notifier signs it the same way, with the same secret).
  const signers = createLinkSigners(parseLinkSettings({}, ownerLinkSecret));
  const token = await signers["owner-read"].sign(id, new Date());
  const link = `${own.url}${functionPath}/lead/${id}?token=${encodeURIComponent(token)}`;

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("This link, from an alert, shows the request only.")).toBeVisible();
  await expect(page.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Call / })).toBeVisible();
  const axeContext = await browser.newContext({ bypassCSP: true, viewport: page.viewportSize() });
  const axePage = await axeContext.newPage();
  await axePage.goto(link);
  await expectNoAxeViolations(axePage, "the owner's request page, read-only");
  await axeContext.close();
});
