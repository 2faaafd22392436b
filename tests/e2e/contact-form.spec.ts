import type { Page, Request, Route } from "@playwright/test";
import pages from "../../content/pages.json" with { type: "json" };
import { repositoryFacts } from "../../shared/content/facts.ts";
import { estimateField } from "../../shared/quote-form.ts";
import { serviceCatalog } from "../../shared/service-catalog.ts";
import { expect, test, waitForIsland, waitForIslands } from "./fixtures";
import { business, publicKey } from "./helpers/site";

const { welcomeOffer } = repositoryFacts().offers;

/** product.md, Quote form: word for word. */
const successToast = "Thank you! We'll contact you soon.";
const failureToast = "Failed to send message. Please try calling us directly.";
const otherServiceMessage = "Please specify the service you need";

/**
 * contact-api.md, Request and Services: the service values; product.md, Quote form: their labels.
 * Residential (house) cleaning comes first; the seed's seven follow, unchanged.
 */
const serviceOptions = [
  { value: "residential", label: "Residential Cleaning" },
  { value: "janitorial", label: "Janitorial Cleaning" },
  { value: "commercial", label: "Commercial Cleaning" },
  { value: "office", label: "Office Cleaning" },
  { value: "post-construction", label: "Post-Construction Cleaning" },
  { value: "carpet", label: "Carpet Cleaning" },
  { value: "floor-wax", label: "Floor Strip & Wax" },
  { value: "other", label: "Other" },
];

const functionUrl = "**/functions/v1/send-contact-email";

function form(page: Page) {
  return {
    name: page.getByRole("textbox", { name: "Name", exact: true }),
    email: page.getByRole("textbox", { name: "Email", exact: true }),
    phone: page.getByRole("textbox", { name: "Phone", exact: true }),
    service: page.getByRole("combobox", { name: "Service Needed" }),
    otherService: page.getByRole("textbox", { name: "Specify Service" }),
    message: page.getByRole("textbox", { name: "Message", exact: true }),
    send: page.getByRole("button", { name: /Send Message|Sending\.\.\./ }),
  };
}

async function openForm(page: Page) {
  await page.goto("/contact");
  await waitForIslands(page);
  // The form's island starts as the form comes near the screen.
  await page.locator("#quote").scrollIntoViewIfNeeded();
  // The prerendered form's Send is already enabled: only the island's mark says a tap is heard.
  await waitForIsland(page, "contact-form");
  const fields = form(page);
  await expect(fields.send).toBeEnabled();
  return fields;
}

const request = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(484) 555-0100",
  service: "carpet",
  otherService: "",
  message: "Two bedrooms and the stairs, before we move out on the 30th.",
};

async function fillValid(page: Page, values: Partial<typeof request> = {}) {
  const fields = form(page);
  const filled = { ...request, ...values };
  await fields.name.fill(filled.name);
  await fields.email.fill(filled.email);
  await fields.phone.fill(filled.phone);
  await fields.service.selectOption(filled.service);
  if (filled.service === "other") await fields.otherService.fill(filled.otherService);
  await fields.message.fill(filled.message);
  return filled;
}

/** Answers the function in the test's place (routing stands in only for the network, never for our code). */
async function answerFunction(page: Page, respond: (route: Route) => Promise<void>) {
  const calls: Request[] = [];
  await page.route(functionUrl, async (route) => {
    calls.push(route.request());
    await respond(route);
  });
  return calls;
}

const ok = (route: Route) => route.fulfill({ status: 200, json: { ok: true, id: "e2e-1" } });

async function expectValues(page: Page, values: typeof request) {
  const fields = form(page);
  await expect(fields.name).toHaveValue(values.name);
  await expect(fields.email).toHaveValue(values.email);
  await expect(fields.phone).toHaveValue(values.phone);
  await expect(fields.service).toHaveValue(values.service);
  await expect(fields.message).toHaveValue(values.message);
}

test.describe("contact form fields (product.md, Quote form)", () => {
  test("has the required fields with their types, placeholders and six-row message", async ({
    page,
  }) => {
    const fields = await openForm(page);
    await expect(fields.name).toHaveAttribute("placeholder", "Your full name");
    await expect(fields.email).toHaveAttribute("type", "email");
    await expect(fields.email).toHaveAttribute("placeholder", business.email);
    await expect(fields.phone).toHaveAttribute("type", "tel");
    await expect(fields.phone).toHaveAttribute("placeholder", "(484) 123-4567");
    await expect(fields.message).toHaveAttribute("rows", "6");
    for (const field of [fields.name, fields.email, fields.phone, fields.service, fields.message]) {
      await expect(field).toHaveJSProperty("required", true);
      await expect(field).toHaveValue("");
    }
    await expect(fields.otherService).toHaveCount(0);
    await expect(fields.send).toHaveText("Send Message");

    const options = await fields.service.locator("option:not([disabled])").evaluateAll((nodes) =>
      nodes.map((node) => ({
        value: (node as HTMLOptionElement).value,
        label: node.textContent?.trim(),
      })),
    );
    expect(options).toEqual(serviceOptions);
  });

  test("the browser's own required check stops an empty form from being sent", async ({ page }) => {
    const calls = await answerFunction(page, ok);
    const fields = await openForm(page);
    await fields.send.click();
    expect(
      await fields.name.evaluate((node) => (node as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    expect(calls).toHaveLength(0);
    // A valid send after it: the one call that arrives is that one, so the empty form sent none
    // (a request it had sent would have left the page first).
    await fillValid(page);
    await fields.send.click();
    await expect(page.getByText(successToast)).toBeVisible();
    expect(calls).toHaveLength(1);
    expect((calls[0]?.postDataJSON() as { name?: string } | undefined)?.name).toBe(request.name);
  });

  test("Other reveals a required Specify Service; another service hides and clears it", async ({
    page,
  }) => {
    const fields = await openForm(page);
    await fields.service.selectOption("other");
    await expect(fields.otherService).toBeVisible();
    await expect(fields.otherService).toHaveJSProperty("required", true);
    await fields.otherService.fill("Window washing");

    await fields.service.selectOption("office");
    await expect(fields.otherService).toHaveCount(0);
    await fields.service.selectOption("other");
    await expect(fields.otherService).toHaveValue("");
  });

  test("Other with an empty Specify Service stops with 'Please specify the service you need'", async ({
    page,
  }) => {
    const calls = await answerFunction(page, ok);
    await openForm(page);
    // Spaces pass the browser's required check; the form's own rule must still stop them.
    await fillValid(page, { service: "other", otherService: "   " });
    await form(page).send.click();
    await expect(page.getByText(otherServiceMessage)).toBeVisible();
    expect(calls, "nothing is sent").toHaveLength(0);
    await expect(form(page).name).toHaveValue(request.name);
    // Specified, it sends: that call is the only one, so the blank one sent nothing before it.
    await form(page).otherService.fill("Window washing");
    await form(page).send.click();
    await expect(page.getByText(successToast)).toBeVisible();
    expect(calls, "only the specified request is sent").toHaveLength(1);
    expect((calls[0]?.postDataJSON() as { otherService?: string } | undefined)?.otherService).toBe(
      "Window washing",
    );
  });
});

test.describe("sending a quote request (product.md, Quote form)", () => {
  test("sends exactly the six fields with the public key, shows Sending..., then thanks and resets to empty", async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = await answerFunction(page, async (route) => {
      await held;
      await ok(route);
    });
    const fields = await openForm(page);
    const sent = await fillValid(page, { service: "other", otherService: "Window washing" });
    await fields.send.click();

    await expect(fields.send).toHaveText("Sending...");
    await expect(fields.send).toBeDisabled();
    await expect.poll(() => calls.length).toBe(1);
    const call = calls[0];
    if (!call) throw new Error("no request");
    expect(call.method()).toBe("POST");
    // The six fields, and the spam filter's two signals
    // (docs/contact-api.md): the honeypot left empty and the whole milliseconds since page load.
    const { website, elapsedMs, source, ...six } = call.postDataJSON() as Record<string, unknown>;
    expect(six).toEqual(sent);
    // As shipped nothing notes where the visit came from (SITE_COUNTS off): no source is sent.
    expect(source).toBeUndefined();
    expect(website).toBe("");
    expect(Number.isInteger(elapsedMs) && (elapsedMs as number) > 0).toBe(true);
    // contact-api.md, Request: the public key goes with the request. supabase-js sends it as `apikey`;
    // it adds `Authorization: Bearer <key>` only for legacy JWT keys, never for sb_publishable_
    // keys, so that header, when present, must carry the same key.
    const headers = await call.allHeaders();
    expect(headers.apikey).toBe(publicKey);
    if (headers.authorization !== undefined || !publicKey.startsWith("sb_publishable_")) {
      expect(headers.authorization).toBe(`Bearer ${publicKey}`);
    }
    expect(headers["content-type"]).toMatch(/^application\/json/);

    release();
    await expect(page.getByText(successToast)).toBeVisible();
    // What happens next shows above the form, which is back at once: empty, enabled.
    const received = page.getByRole("heading", { name: /^Request received/ });
    await expect(received).toBeFocused();
    await expect(page.getByRole("button", { name: "Send another request" })).toHaveCount(0);
    await expect(fields.send).toHaveText("Send Message");
    await expect(fields.send).toBeEnabled();
    await expectValues(page, {
      ...request,
      name: "",
      email: "",
      phone: "",
      service: "",
      message: "",
    });
    await expect(fields.otherService).toHaveCount(0);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px: one click, one request; the form is back at once, empty, under the confirmation in view`, {
      tag: "@desktop",
    }, async ({ page }) => {
      await page.setViewportSize(viewport);
      // The answer is held until both clicks are in, as on a slow phone network.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const calls = await answerFunction(page, async (route) => {
        await held;
        await ok(route);
      });
      await page.goto("/contact?offer=welcome-20#quote");
      await waitForIslands(page);
      const fields = form(page);
      await expect(fields.send).toBeEnabled();
      await expect(page.getByText(welcomeOffer.appliedText)).toBeVisible();
      // A preferred time, so that the confirmation has a date to word.
      await page.getByRole("combobox", { name: "Day", exact: true }).selectOption({ index: 1 });
      await page.getByRole("button", { name: "Add time" }).click();
      await fillValid(page, {
        phone: "6105550199",
        name: "Casey Walker",
        email: "casey@example.org",
      });
      await fields.send.dblclick();
      // Both clicks are handled when dblclick returns: a second request, if any, left the page
      // then, before the first one's answer is let through below.
      await expect.poll(() => calls.length).toBeGreaterThan(0);
      release();

      await expect(page.getByText(successToast)).toBeVisible();
      const confirmation = page.locator("[data-quote-sent]");
      await expect(confirmation.getByRole("heading", { name: /^Request received/ })).toBeFocused();
      expect(calls, "one click of Send, one request").toHaveLength(1);

      // The form is back, empty and ready, without a "Send another request" in between.
      await expect(fields.send).toHaveText("Send Message");
      await expect(fields.send).toBeEnabled();
      await expectValues(page, {
        ...request,
        name: "",
        email: "",
        phone: "",
        service: "",
        message: "",
      });
      await expect(page.getByRole("button", { name: "Send another request" })).toHaveCount(0);

      // The confirmation is where the visitor is looking, below the sticky header, above the form.
      const header = await page.getByRole("banner").boundingBox();
      const box = await confirmation.boundingBox();
      const formBox = await page.getByRole("form", { name: "Request a Free Quote" }).boundingBox();
      if (!header || !box || !formBox) throw new Error("no boxes");
      await page.screenshot({ path: `test-results/sent-${viewport.width}.png` });
      expect(box.y, "below the header").toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(box.y + box.height, "inside the screen").toBeLessThanOrEqual(viewport.height);
      expect(box.y + box.height, "above the form").toBeLessThanOrEqual(formBox.y);

      // In the visitor's words: the phone as people write it, the e-mail on its way, no ids.
      const text = (await confirmation.textContent()) ?? "";
      expect(text).toContain("(610) 555-0199");
      expect(text).not.toContain("6105550199");
      expect(text).toContain("An e-mail with your own request page");
      expect(text).toContain("casey@example.org");
      expect(text).not.toMatch(/welcome-20|price list|\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/i);
    });
  }

  test("a service other than Other sends an empty otherService", async ({ page }) => {
    const calls = await answerFunction(page, ok);
    await openForm(page);
    await fillValid(page);
    await form(page).send.click();
    await expect(page.getByText(successToast)).toBeVisible();
    expect(calls[0]?.postDataJSON()).toMatchObject(request);
  });

  test("an error answer keeps the values, re-enables the button and shows the error toast", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/send-contact-email failed/);
    allowConsoleErrors(/Failed to load resource: the server responded with a status of 500/);
    const calls = await answerFunction(page, (route) =>
      route.fulfill({ status: 500, json: { error: "x" } }),
    );
    const fields = await openForm(page);
    const sent = await fillValid(page);
    await fields.send.click();
    await expect(page.getByText(failureToast)).toBeVisible();
    expect(calls).toHaveLength(1);
    await expect(fields.send).toHaveText("Send Message");
    await expect(fields.send).toBeEnabled();
    await expectValues(page, sent);
    await expect(page.getByText(successToast)).toHaveCount(0);
  });

  test("a network failure keeps the values and shows the error toast", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/send-contact-email failed/);
    allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
    await answerFunction(page, (route) => route.abort("failed"));
    const fields = await openForm(page);
    const sent = await fillValid(page);
    await fields.send.click();
    await expect(page.getByText(failureToast)).toBeVisible();
    await expect(fields.send).toHaveText("Send Message");
    await expect(fields.send).toBeEnabled();
    await expectValues(page, sent);
  });
});

test.describe("loading (no backend client, no toast library)", () => {
  test("no backend client and no toast library is ever fetched: the page sends with fetch and shows its own toasts", async ({
    page,
    request: http,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await answerFunction(page, ok);
    const fields = await openForm(page);
    await page.waitForLoadState("networkidle");
    await fillValid(page);
    await fields.send.click();
    await expect(page.getByText(successToast)).toBeVisible();
    const bodies = await Promise.all(
      scripts.map(async (url) => ({ url, text: await (await http.get(url)).text() })),
    );
    // Markers of the libraries' code: supabase-js's function errors, sonner's toaster.
    for (const { url, text } of bodies) {
      expect(text, `${url} carries supabase-js`).not.toMatch(/FunctionsHttpError|supabase-js/);
      expect(text, `${url} carries sonner`).not.toMatch(/data-sonner-toaster/);
    }
  });
});

test.describe("what the form's scripts carry (decision 0017)", () => {
  test("no other page's words, no business fact the form does not show, no plain-form names", async ({
    page,
    request: http,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await openForm(page);
    // Opened, so that whatever the estimator needs is among the scripts read below.
    await page.getByRole("button", { name: "Get an instant estimate" }).click();
    await expect(page.getByRole("spinbutton", { name: "Bedrooms" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all(
      scripts.map(async (url) => ({ url, text: await (await http.get(url)).text() })),
    );
    const absent = [
      ...serviceCatalog.map((service) => service.summary),
      // The pages' texts (the content's Pages group): a town's, a service page's, a card's.
      ...Object.values(pages.towns).flatMap((town) => [town.tagline, town.servicesIntro]),
      pages.services["janitorial-services"].intro[0] as string,
      pages.services["floor-strip-wax"].intro,
      pages.serviceCards.office.description,
      business.tagline,
      business.founder.name,
      ...business.certifications,
      // The flat names only the plain form (in <noscript>, prerendered) posts.
      ...Object.values(estimateField),
    ];
    expect(bodies.length, "the page loaded the form's scripts").toBeGreaterThan(0);
    const carried = bodies.flatMap(({ url, text }) =>
      absent
        .filter((words) => text.includes(words))
        .map((words) => `${new URL(url).pathname}: ${words}`),
    );
    expect(carried).toEqual([]);
  });
});
