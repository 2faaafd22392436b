/**
 * A weekly plan as its customer lives it, on the real embedded server with a real SMTP server: the
 * customer opens the link in their acknowledgement on a phone, books the first visit of a weekly
 * plan with the keyboard alone, then skips a visit and puts it back, moves one, pauses the plan
 * and resumes it, and cancels it (refused until the box is ticked). The same walk runs with
 * JavaScript off: these pages are plain HTML forms. The plan's page and the move page are axe clean.
 * Then the owner, on the request page, pauses a customer's plan and changes how often with the
 * keyboard, and the customer's page shows the plan as the owner left it.
 *
 * Whatever day and hour it runs, every day and time comes from the page: a visit inside the
 * cut-off has no buttons, so the walk changes visits that have them.
 */

import type { Locator, Page } from "@playwright/test";
import { createLinkSigners, parseLinkSettings } from "../../functions/send-contact-email/index.ts";
import { addDays } from "../../shared/calendar-day.ts";
import { createFakeSite } from "../integration/support/fake-site.ts";
import { unusedPort } from "../integration/support/ports.ts";
import { homeRequest } from "../support/booking-function.ts";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { ownServer } from "./helpers/own-server.ts";

test.describe.configure({ mode: "serial" });

const functionPath = "/functions/v1/send-contact-email";
const key = "sb_publishable_plan-journey-key";
const ownerSecret = "plan-journey-owner-secret-0123456789abcd";
const own = ownServer("plan", {
  env: async (folder) => {
    const port = await unusedPort();
    return {
      PORT: String(port),
      FUNCTION_URL: `http://127.0.0.1:${port}${functionPath}`,
      OWNER_LINK_SECRET: ownerSecret,
      VISITOR_LINK_SECRET: "plan-journey-visitor-secret-0123456789ab",
      CONTACT_PUBLIC_KEY: key,
      STATIC_DIR: await createFakeSite(folder),
      RATE_LIMIT_DISABLED: "true",
    };
  },
});

/** "Wednesday, March 17" for 2027-03-17, written here the way a person reads a day. */
const dayWords = (day: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(new Date(`${day}T12:00:00Z`));

/** The text as a regular expression matches it, character for character. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The plan's page and the move page have no script: axe runs where the policy is bypassed. */
async function axeClean(page: Page, url: string, label: string) {
  const context = await page
    .context()
    .browser()
    ?.newContext({ bypassCSP: true, viewport: page.viewportSize() });
  if (!context) throw new Error("no browser");
  const axePage = await context.newPage();
  await axePage.goto(url);
  await expectNoAxeViolations(axePage, label);
  await context.close();
}

/**
 * The first day with open times on the page (but `notOn`): its legend (the day) and its first
 * time's button.
 */
function firstOpenTime(page: Page, notOn?: string) {
  const days = page.locator("fieldset").filter({ has: page.locator('button[name="start"]') });
  const day = (
    notOn
      ? days.filter({
          hasNot: page.locator("legend", { hasText: new RegExp(`^${literal(notOn)}$`) }),
        })
      : days
  ).first();
  return { day: day.locator("legend"), time: day.locator('button[name="start"]').first() };
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** A weekly home estimate in Exton: the repository's settings book it online, as a plan. */
async function sendWeeklyRequest(name: string, email: string): Promise<string> {
  const response = await fetch(`${own.url}${functionPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key },
    body: JSON.stringify(homeRequest({ name, email, frequency: "weekly" })),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function walkThePlan(page: Page, { axe }: { axe: boolean }) {
  const project = test.info().project.name;
  const script = axe ? "script" : "no-script";
  const shot = (name: string) =>
    page.screenshot({ path: test.info().outputPath(`${name}-${script}.png`), fullPage: true });
  // A 390 px phone (the narrowest common width) for the phone project.
  if (project === "mobile") await page.setViewportSize({ width: 390, height: 844 });
  const id = await sendWeeklyRequest(
    `Robin Plan ${project} ${script}`,
    `robin-${project}-${script}@example.org`,
  );
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.postData() ?? "");
  });

  // The customer, from their acknowledgement: the first visit's open times.
  const ack = await own.smtp.waitForVisitorMail(`acknowledgement:${id}`);
  const link = /http:\/\/\S+\/request\/\S+/.exec(ack.mail.text)?.[0] ?? "";
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 2, name: "Book your first visit" }),
  ).toBeVisible();
  const offered = firstOpenTime(page);
  await expect(offered.time).toBeVisible();
  const firstDay = await text(offered.day);
  const firstTime = await text(offered.time);
  // A range's start drops its AM or PM when the end has the same one ("12:30–4:30 PM").
  const rangeStart = firstTime.replace(/ [AP]M$/, "");
  await shot("plan-times");

  // The keyboard alone: the page's first stop is our number, the next the first time, its ring seen.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /^Call / })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(offered.time).toBeFocused();
  await expect(offered.time).toHaveCSS("outline-style", "solid");
  await expect(offered.time).toHaveCSS("outline-width", "3px");
  await shot("plan-time-focused");
  await page.keyboard.press("Enter");
  const weekday = firstDay.split(",")[0] as string;
  const status = page.locator(".lead");
  await expect(status).toHaveText(`Your plan: every week on ${weekday} at ${firstTime}`);
  await expect(page.getByRole("heading", { level: 2, name: "Your next visits" })).toBeVisible();
  const rows = page.locator("ul.visits > li");
  await expect(rows.first()).toContainText(`${firstDay}${rangeStart}`);
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  if (axe) await axeClean(page, link, "the customer's plan page");
  await shot("plan");

  // Skip the plan's second visit, then put it back.
  const second = page
    .locator("ul.visits > li:not(:first-child)")
    .filter({ has: page.getByRole("button", { name: /^Skip / }) })
    .first();
  const secondDay = await text(second.locator("b"));
  await second.getByRole("button", { name: /^Skip / }).click();
  const notice = page.locator(".notice[role=status]");
  await expect(notice).toContainText(`Skipped ${secondDay}.`);
  await expect(rows.filter({ hasText: `${secondDay}: skipped` })).toHaveCount(1);
  await shot("plan-skipped");
  await notice.getByRole("button", { name: "Put it back" }).click();
  await expect(notice).toContainText(`Put back: ${secondDay}, ${rangeStart}`);
  await expect(rows.filter({ hasText: `${secondDay}: skipped` })).toHaveCount(0);
  const skipAgain = page.getByRole("button", { name: new RegExp(`^Skip ${literal(secondDay)}, `) });
  await expect(skipAgain).toHaveCount(1);

  // Move that visit to another day: its own page of times, a tap moves it.
  await page.getByRole("link", { name: new RegExp(`^Move ${literal(secondDay)}, `) }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: `Move your visit of ${secondDay}` }),
  ).toBeVisible();
  const target = firstOpenTime(page, secondDay);
  await expect(target.time).toBeVisible();
  const movedDay = await text(target.day);
  const movedTime = await text(target.time);
  if (axe) await axeClean(page, page.url(), "the customer's move page");
  await shot("plan-move");
  await target.time.click();
  await expect(notice).toContainText(`Moved to ${movedDay}, ${movedTime}–`);
  await expect(rows.filter({ hasText: `Moved from ${secondDay}` })).toContainText(movedDay);
  await shot("plan-moved");

  // Pause until a few weeks after the first day the page allows, then resume.
  const until = page.getByLabel("Pause until", { exact: true });
  const earliest = (await until.getAttribute("min")) ?? "";
  expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const pauseEnd = addDays(earliest, 14);
  await until.fill(pauseEnd);
  await page.getByRole("button", { name: "Pause my plan" }).click();
  await expect(status).toHaveText(
    `Your plan: every week on ${weekday} at ${firstTime}, paused until ${dayWords(pauseEnd)}`,
  );
  await expect(notice).toContainText(`Paused until ${dayWords(pauseEnd)}.`);
  await shot("plan-paused");
  await notice.getByRole("button", { name: "Resume now" }).click();
  await expect(notice).toContainText("Resumed. Your next visit: ");
  await expect(status).toHaveText(`Your plan: every week on ${weekday} at ${firstTime}`);

  // Cancel: without the tick the browser sends nothing and nothing changes; with it, cancelled.
  // A visit less than a day away stays (the request stays booked); otherwise the request ends.
  const keepsAVisit = (await page.getByText(/^Less than \d+ hours away/).count()) > 0;
  const cancel = page.getByRole("button", { name: "Cancel my plan" });
  await cancel.click();
  await expect(page.getByRole("checkbox", { name: "Yes, cancel my plan" })).not.toBeChecked();
  await expect(status).toHaveText(`Your plan: every week on ${weekday} at ${firstTime}`);
  expect(posted.filter((body) => body.includes("action=cancel"))).toEqual([]);
  await page.getByRole("checkbox", { name: "Yes, cancel my plan" }).check();
  await cancel.click();
  if (keepsAVisit) {
    await expect(status).toHaveText(/^Your plan is cancelled: no visits from .+ on\.$/);
    await expect(notice).toContainText("Your plan is cancelled. We are sorry to see you go.");
    await expect(notice).toContainText(`Your visit of ${firstDay}, ${rangeStart}`);
  } else {
    await expect(status).toHaveText(/^You cancelled your plan on .+\.$/);
    await expect(notice).toContainText("Your request is cancelled. We are sorry to see you go.");
  }
  await expect(page.getByRole("button", { name: /^Skip / })).toHaveCount(0);
  await expect(cancel).toHaveCount(0);
  await shot("plan-cancelled");
  // The unticked press sent nothing: one cancel reached the server, and it is stored.
  expect(posted.filter((body) => body.includes("action=cancel"))).toHaveLength(1);
  // npm run leads -- --json says the plan in words: "every week on Monday, no visits from …".
  const leads = await own.leads<{ id: string; status: string; plan?: string }>();
  expect(leads.find((lead) => lead.id === id)).toMatchObject({
    status: keepsAVisit ? "booked" : "lost",
    plan: expect.stringMatching(new RegExp(`^every week on ${weekday}, no visits from `)),
  });
}

test("the customer books a weekly plan with the keyboard, then skips, moves, pauses and cancels it", async ({
  page,
}) => {
  // Two dozen pages and a dozen screenshots: generous for a loaded two-core machine.
  test.setTimeout(120_000);
  await walkThePlan(page, { axe: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same walk works with script off: every change is a plain form", async ({ page }) => {
    // Two dozen pages and a dozen screenshots: generous for a loaded two-core machine.
    test.setTimeout(120_000);
    await walkThePlan(page, { axe: false });
  });
});

test("the owner pauses a customer's plan and changes how often from the request page, with the keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  if (project === "mobile") await page.setViewportSize({ width: 390, height: 844 });
  const id = await sendWeeklyRequest(`Sam Owner ${project}`, `sam-${project}@example.org`);
  const ack = await own.smtp.waitForVisitorMail(`acknowledgement:${id}`);
  const customerPage = /http:\/\/\S+\/request\/\S+/.exec(ack.mail.text)?.[0] ?? "";
  await page.goto(customerPage);
  const offered = firstOpenTime(page);
  const weekday = (await text(offered.day)).split(",")[0] as string;
  await offered.time.click();
  await expect(page.locator(".lead")).toHaveText(
    new RegExp(`^Your plan: every week on ${weekday}`),
  );

  // The owner's acting link, as their e-mail carries it.
  const signers = createLinkSigners(parseLinkSettings({}, ownerSecret));
  const token = await signers.owner.sign(id, new Date());
  const ownerPage = `${own.url}${functionPath}/lead/${id}?token=${encodeURIComponent(token)}`;
  await page.goto(ownerPage);
  await expect(page.getByRole("heading", { level: 2, name: "Plan" })).toBeVisible();
  await axeClean(page, ownerPage, "the owner's page of a plan");

  // How often: the keyboard picks every two weeks and presses Change how often.
  const notice = page.locator(".notice");
  const twoWeeks = page.getByRole("radio", { name: new RegExp(`^Every two weeks on ${weekday}`) });
  await twoWeeks.focus();
  await page.keyboard.press("Space");
  await expect(twoWeeks).toBeChecked();
  await page.getByRole("button", { name: "Change how often" }).focus();
  await page.keyboard.press("Enter");
  await expect(notice).toContainText(new RegExp(`^Now every two weeks on ${weekday}, from `));
  // Pause: the first day it may start again is the form's own minimum; a week after it.
  const until = page.getByLabel("Visits start again on");
  const min = (await until.getAttribute("min")) as string;
  await until.focus();
  await until.fill(addDays(min, 7));
  await page.keyboard.press("Enter");
  await expect(notice).toContainText(/^Plan paused until \w{3} \w{3} \d{1,2}\. Sam Owner/);
  await expect(page.getByRole("button", { name: "Resume now" })).toBeVisible();

  await axeClean(page, ownerPage, "the owner's page of a paused plan, every two weeks");

  // The customer's page shows the plan as the owner left it.
  await page.goto(customerPage);
  await expect(page.locator(".lead")).toHaveText(
    new RegExp(`^Your plan: every two weeks on ${weekday} at .+, paused until `),
  );
});
