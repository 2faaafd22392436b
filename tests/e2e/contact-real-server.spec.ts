/**
 * The quote form on /contact against the real embedded server: the page's own
 * supabase-js call reaches the function, the request lands in SQLite (read back with
 * `npm run leads --json`) and its e-mail arrives at a real SMTP server on loopback. With the store
 * unavailable the visitor sees the error toast and keeps what they typed.
 *
 * Each worker starts its own server on the built site (build/client), with a private data folder
 * and SMTP server, so these tests do not share state with the suite's web server.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { contactDefaults } from "../../functions/send-contact-email/base/config.ts";
import { expect, test, waitForIsland, waitForIslands, waitLikeAPerson } from "./fixtures";
import { ownServer } from "./helpers/own-server.ts";

test.describe.configure({ mode: "serial" });

const own = ownServer("contact", {
  env: () => ({ RATE_LIMIT_MAX: "50", SQLITE_BUSY_TIMEOUT_MS: "300" }),
});

type Lead = { id: string; message: string; name: string };

async function fillForm(page: Page, message: string) {
  const form = page.locator("form[aria-labelledby='quote-form-heading']");
  await form.getByLabel("Name").fill("Jordan Example");
  await form.getByLabel("Email").fill("jordan@example.org");
  await form.getByLabel("Phone").fill("(484) 555-0123");
  await form.getByLabel("Service Needed").selectOption("carpet");
  await form.getByLabel("Message").fill(message);
  return form;
}

test("a quote request from the form is stored, e-mailed, and the form is reset", async ({
  page,
}) => {
  const message = `Two bedrooms of carpet, please. ${test.info().project.name} ${Date.now()}`;
  await page.goto(`${own.url}/contact`);
  await waitForIslands(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  const form = await fillForm(page, message);
  await waitLikeAPerson(page, contactDefaults.spamMinFillMs);
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText("Thank you! We'll contact you soon.")).toBeVisible();
  // What happens next shows above the form, which is back at once and empty.
  await expect(page.getByRole("heading", { name: /^Request received/ })).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");

  const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
  expect(lead).toMatchObject({ name: "Jordan Example" });

  const received = await own.smtp.waitForRequest(lead?.id ?? "");
  expect(received.envelopeTo).toEqual(["owner@example.com"]);
  expect(received.mail.header("reply-to")).toContain("<jordan@example.org>");
  expect(received.mail.header("subject")).toBe(
    "Quote request: Carpet Cleaning from Jordan Example",
  );
  expect(received.mail.text).toContain(message);
});

test("with the store unavailable the visitor sees the error toast and keeps the text", async ({
  page,
  allowConsoleErrors,
}) => {
  // The page logs the failure (product.md, Quote form) and the browser reports the 503.
  allowConsoleErrors(/send-contact-email failed|status of 503/);
  const message = `Office, weekly. ${test.info().project.name} ${Date.now()}`;
  await page.goto(`${own.url}/contact`);
  await waitForIslands(page);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await waitForIsland(page, "contact-form");
  const form = await fillForm(page, message);

  // Another connection holds SQLite's write lock: the server cannot commit and answers 503.
  const db = new DatabaseSync(join(own.dataDir, "contact-requests.db"));
  db.exec("BEGIN EXCLUSIVE");
  try {
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Failed to send message. Please try calling us directly."),
    ).toBeVisible();
  } finally {
    db.exec("ROLLBACK");
    db.close();
  }
  await expect(form.getByLabel("Name")).toHaveValue("Jordan Example");
  await expect(form.getByLabel("Message")).toHaveValue(message);
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();

  expect((await own.leads<Lead>()).map((lead) => lead.message)).not.toContain(message);
});
