/**
 * From a request to a booked visit as the two people live it, on the real embedded server with a
 * real SMTP server: the visitor opens the link in their acknowledgement on a phone, asks for other
 * times and adds the address (no script needed: the pages have none); the owner opens the link in
 * their e-mail, sees what the visitor did and books one of the visitor's times in one tap; the
 * visitor's page then says when. Both pages axe clean, reachable with the keyboard.
 */

import { repositoryFacts } from "../../shared/content/facts.ts";
import { bookableDates, formatDate } from "../../shared/quote/preferred-windows.ts";
import { createFakeSite } from "../integration/support/fake-site.ts";
import { unusedPort } from "../integration/support/ports.ts";
import { validRequest } from "../integration/support/requests.ts";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { ownServer } from "./helpers/own-server.ts";

test.describe.configure({ mode: "serial" });

const functionPath = "/functions/v1/send-contact-email";
const key = "sb_publishable_booking-journey-key";
const own = ownServer("booking", {
  env: async (folder) => {
    const port = await unusedPort();
    return {
      PORT: String(port),
      FUNCTION_URL: `http://127.0.0.1:${port}${functionPath}`,
      OWNER_LINK_SECRET: "booking-journey-owner-secret-0123456789ab",
      VISITOR_LINK_SECRET: "booking-journey-visitor-secret-0123456789",
      CONTACT_PUBLIC_KEY: key,
      STATIC_DIR: await createFakeSite(folder),
      RATE_LIMIT_DISABLED: "true",
    };
  },
});

async function axeClean(
  browser: import("@playwright/test").Browser,
  url: string,
  label: string,
  viewport: { width: number; height: number } | null,
) {
  // The pages allow no script at all: axe runs in a context that ignores the policy.
  const context = await browser.newContext({ bypassCSP: true, viewport });
  const page = await context.newPage();
  await page.goto(url);
  await expectNoAxeViolations(page, label);
  await context.close();
}

test("the visitor changes their request, the owner books it in one tap, the visitor sees when", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A 390 px phone (the narrowest common width) for the phone project.
  if (test.info().project.name === "mobile")
    await page.setViewportSize({ width: 390, height: 844 });
  const [first, second] = bookableDates(new Date(), repositoryFacts()) as [string, string];
  const name = `Dana Journey ${test.info().project.name}`;
  const response = await fetch(`${own.url}${functionPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key },
    body: JSON.stringify({
      ...validRequest({ name, email: `dana-${test.info().project.name}@example.org` }),
      preferredWindows: [{ date: first, window: "morning" }],
    }),
  });
  const { id } = (await response.json()) as { id: string };

  // The visitor, from their acknowledgement.
  const ack = await own.smtp.waitForVisitorMail(`acknowledgement:${id}`);
  const visitorLink = /http:\/\/\S+\/request\/\S+/.exec(ack.mail.text)?.[0] ?? "";
  await page.goto(visitorLink);
  await expect(page.getByRole("heading", { level: 1, name: "Your request" })).toBeVisible();
  await expect(page.getByText(/^Received\. We will call you by /)).toBeVisible();
  await axeClean(browser, visitorLink, "the visitor's request page", page.viewportSize());
  await page.screenshot({ path: test.info().outputPath("visitor-page.png"), fullPage: true });

  await page.getByLabel("Day").first().selectOption(second);
  await page.getByLabel("Time of day").first().selectOption("afternoon");
  await page.getByRole("button", { name: "Send these times" }).click();
  await expect(page.getByText("Thank you: we have your new times")).toBeVisible();
  await page.getByLabel("Street, town and ZIP").fill("12 Elm St, Berwyn PA 19312");
  // The keyboard alone: from the field to its button.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save the address" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you: we have the address.")).toBeVisible();

  // The owner, from the request's e-mail.
  const ownerMail = await own.smtp.waitForRequest(id);
  const ownerLink = /http:\/\/\S+\/lead\/\S+/.exec(ownerMail.mail.text)?.[0] ?? "";
  await page.goto(ownerLink);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(/The visitor asked for other times: .*afternoon/)).toBeVisible();
  await expect(
    page.getByText("Address given by the visitor: 12 Elm St, Berwyn PA 19312"),
  ).toBeVisible();
  const bookButton = page.getByRole("button", {
    name: new RegExp(`^Book ${formatDate(second)}, 12:00–2:00 PM$`),
  });
  await expect(bookButton).toBeVisible();
  await axeClean(browser, ownerLink, "the owner's request page with booking", page.viewportSize());
  await page.screenshot({ path: test.info().outputPath("owner-page.png"), fullPage: true });
  await bookButton.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Booked. The visitor is sent" }),
  ).toBeVisible();
  await expect(
    page.getByText(`Booked: ${formatDate(second)}, 12:00–2:00 PM`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Status: Booked")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("owner-page-booked.png"), fullPage: true });

  const confirmation = await own.smtp.waitForVisitorMail(`visit:${id}:1`);
  expect(confirmation.mail.header("subject")).toBe(
    `Your cleaning is booked: ${formatDate(second)}, 12:00–2:00 PM`,
  );
  await page.goto(visitorLink);
  await expect(page.getByText(`Booked: ${formatDate(second)}, 12:00–2:00 PM`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to my calendar" })).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath("visitor-page-booked.png"),
    fullPage: true,
  });

  const leads = await own.leads<{ id: string; status: string; visit?: { start: string } }>();
  expect(leads.find((lead) => lead.id === id)).toMatchObject({
    status: "booked",
    visit: { start: expect.stringMatching(new RegExp(`^${second}T12:00:00-0[45]:00$`)) },
  });
});
