/**
 * The quote form without JavaScript (docs/contact-api.md, "The form without JavaScript"), against
 * a real server of the spec's own: the prerendered form posts form-encoded to the contact
 * function, which stores the request (read back as `npm run leads -- --json` prints it) and sends
 * the browser to the thank-you page, or shows what to fix with the visitor's values.
 */
import { repositoryFacts } from "../../shared/content/facts.ts";
import { deploymentDefaults } from "../../shared/deployment-defaults.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import { expect, test, waitForIslands } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { ownServer } from "./helpers/own-server.ts";
import { quoteForm, uniqueMessage as uniqueFor } from "./helpers/quote-form.ts";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

const own = ownServer("no-js", { env: () => ({ RATE_LIMIT_MAX: "50" }) });
const facts = repositoryFacts();
const { welcomeOffer } = facts.offers;

type Lead = {
  name: string;
  message: string;
  service: string;
  otherService: string;
  status: string;
  zip?: string;
  town?: string | null;
  estimate?: { inputs: unknown };
  preferredWindows?: { date: string; window: string }[];
};

const uniqueMessage = (what: string) => uniqueFor(what, test.info().project.name);

test("the prerendered form is a working HTML form: enabled, posting form-encoded to the function", async ({
  page,
}) => {
  await page.goto(`${own.url}/contact`);
  const { form, name, send, otherService, service } = quoteForm(page);
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", deploymentDefaults.functionPath);
  await expect(form).toHaveAttribute("enctype", "application/x-www-form-urlencoded");
  await expect(form.locator("input[type=hidden][name=apikey]")).toHaveCount(1);
  await expect(page.locator("fieldset[disabled], [disabled] input")).toHaveCount(0);
  await expect(page.getByText(/needs JavaScript/i)).toHaveCount(0);
  await expect(name).toBeEditable();
  await expect(send).toBeEnabled();
  // Specify Service appears while Other is chosen, without a script.
  await expect(otherService).toHaveCount(0);
  await service.selectOption("other");
  await expect(otherService).toBeVisible();
  await service.selectOption("office");
  await expect(otherService).toHaveCount(0);
});

test("a visitor without JavaScript sends the form, sees the thank-you page, and the request is stored", async ({
  page,
}) => {
  await page.goto(`${own.url}/contact`);
  const fields = quoteForm(page);
  const message = uniqueMessage("Sent without JavaScript");
  await fields.name.fill("Noel Script");
  await fields.email.fill("noel@example.org");
  await fields.phone.fill("(484) 555-0177");
  await fields.service.selectOption("office");
  await fields.message.fill(message);
  await fields.form.getByRole("textbox", { name: /ZIP code/ }).fill("19341");
  // The estimate and a preferred time, as the plain controls offer them.
  await fields.form
    .getByRole("combobox", { name: "What needs cleaning?" })
    .selectOption("business");
  await fields.form.getByRole("spinbutton", { name: "Approximate square feet" }).fill("4000");
  await fields.form.getByRole("combobox", { name: "Visits per week" }).selectOption("2");
  const [day] = bookableDates(new Date(), facts);
  await fields.form.getByLabel("Day 1", { exact: true }).fill(day as string);
  await fields.form.getByLabel("Time of day 1").selectOption("afternoon");
  await fields.send.click();

  await expect(page).toHaveURL(`${own.url}/thank-you`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Thank you! We'll contact you soon.",
  );
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // In the visitor's words: the e-mail on its way with their page; no ids, dates or raw digits.
  const words = (await page.getByRole("main").textContent()) ?? "";
  expect(words).toContain("An e-mail with your own request page");
  expect(words).not.toMatch(/welcome-20|price list|\d{4}-\d{2}-\d{2}|\d{10}/i);

  const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
  expect(lead).toMatchObject({
    name: "Noel Script",
    service: "office",
    status: "new",
    zip: "19341",
    town: "Exton",
    estimate: { inputs: { kind: "business", squareFeet: 4000, visitsPerWeek: 2, addOns: [] } },
    preferredWindows: [{ date: day, window: "afternoon" }],
  });
});

test("the welcome offer, which only a script's popup would show, is on the form: ticked, it is claimed", async ({
  page,
}) => {
  await page.goto(`${own.url}/contact`);
  const fields = quoteForm(page);
  // Its words and percent are the live offer's (content/offer.json).
  const claim = fields.form.getByRole("checkbox", {
    name: `Claim our welcome offer: ${welcomeOffer.percentOff}% off your first cleaning. ${welcomeOffer.terms}`,
  });
  await expect(claim).toBeVisible();
  await expect(claim).not.toBeChecked();
  const message = uniqueMessage("Claimed without JavaScript");
  await fields.name.fill("Ofelia Offer");
  await fields.email.fill("ofelia@example.org");
  await fields.phone.fill("(484) 555-0178");
  await fields.service.selectOption("residential");
  await fields.message.fill(message);
  await claim.check();
  await fields.send.click();
  await expect(page).toHaveURL(`${own.url}/thank-you`);
  const lead = (await own.leads<Lead & { offer?: unknown }>()).find(
    (entry) => entry.message === message,
  );
  expect(lead?.offer).toEqual({ id: welcomeOffer.id, percentOff: welcomeOffer.percentOff });

  // Left unticked, nothing is claimed.
  await page.goto(`${own.url}/contact`);
  const plain = uniqueMessage("Not claimed without JavaScript");
  const again = quoteForm(page);
  await again.name.fill("Ned Nooffer");
  await again.email.fill("ned@example.org");
  await again.phone.fill("(484) 555-0179");
  await again.service.selectOption("residential");
  await again.message.fill(plain);
  await again.send.click();
  await expect(page).toHaveURL(`${own.url}/thank-you`);
  const unclaimed = (await own.leads<Lead & { offer?: unknown }>()).find(
    (entry) => entry.message === plain,
  );
  expect(unclaimed).toBeDefined();
  expect(unclaimed?.offer).toBeUndefined();
});

test("an invalid post shows the spec's message with the visitor's values, and sends once fixed", async ({
  page,
  allowConsoleErrors,
}) => {
  // The function's page comes with the JSON answer's status, 400, which the browser reports.
  allowConsoleErrors(/status of 400/);
  await page.goto(`${own.url}/contact`);
  const fields = quoteForm(page);
  const message = uniqueMessage("Other, not specified");
  await fields.name.fill("Ada Other");
  await fields.email.fill("ada@example.org");
  await fields.phone.fill("(610) 555-0142");
  await fields.service.selectOption("other");
  await fields.message.fill(message);
  await fields.send.click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your request");
  await expect(page.getByRole("alert")).toContainText("Please specify the service you need");
  const again = quoteForm(page);
  await expect(again.name).toHaveValue("Ada Other");
  await expect(again.email).toHaveValue("ada@example.org");
  await expect(again.phone).toHaveValue("(610) 555-0142");
  await expect(again.service).toHaveValue("other");
  await expect(again.message).toHaveValue(message);
  await expect(again.otherService).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("script")).toHaveCount(0);
  expect((await own.leads<Lead>()).map((lead) => lead.message)).not.toContain(message);

  await again.otherService.fill("Window washing");
  await again.send.click();
  await expect(page).toHaveURL(`${own.url}/thank-you`);
  const lead = (await own.leads<Lead>()).find((entry) => entry.message === message);
  expect(lead).toMatchObject({ service: "other", otherService: "Window washing" });
});

test.describe("with JavaScript, before the form's script has started", () => {
  // axe runs as a script in the page, so these pages are checked with JavaScript on.
  test.use({ javaScriptEnabled: true });

  test("the form posts as plain HTML; the function's page and the thank-you page are axe clean", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The island's code never arrives (a blocked script, a dead network): the HTML form still works.
    allowConsoleErrors(/Island "contact-form" failed|Failed to load resource|status of 400/);
    await page.route(/\/assets\/contact-form-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${own.url}/contact`);
    const fields = quoteForm(page);
    await fields.name.fill("Bea Before");
    await fields.email.fill("bea@example.org");
    await fields.phone.fill("(484) 555-0190");
    await fields.service.selectOption("other");
    await fields.message.fill(uniqueMessage("Before the island"));
    await fields.send.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your request");
    await expectNoAxeViolations(page, "the function's page for an invalid form post");

    await page.goto(`${own.url}/thank-you`);
    await expectNoAxeViolations(page, "/thank-you");
  });
});

test.describe("a first visit that lands on the thank-you page", () => {
  test.use({ javaScriptEnabled: true, firstVisit: true });

  test("is not offered the first-visit discount: the request is already sent", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    // A paused clock: the offer's one-second timer, were it set, runs only when the test says.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`${own.url}/thank-you`);
    await waitForIslands(page);
    // The page has no mark for the offer's island: the loader, which has started, has nothing
    // that could open it (root.tsx leaves the mark out on this route).
    await expect(page.locator('[data-island="welcome-offer"]')).toHaveCount(0);
    await page.clock.runFor(5000);
    await expect(page.locator("dialog")).toHaveCount(0);
    expect(scripts.filter((url) => /welcome-offer/.test(url))).toEqual([]);
  });
});
