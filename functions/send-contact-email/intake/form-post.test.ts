import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { validateContact } from "../../../shared/contact-schema.ts";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { bookableDates } from "../../../shared/quote/preferred-windows.ts";
import {
  estimateField,
  keyField,
  plainEstimateGroups,
  plainWindowGroup,
  windowField,
} from "../../../shared/quote-form.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { openSqliteStore, type SqliteStore } from "../database/sqlite-store.ts";
import { createRateLimiter, unlimited } from "../http/rate-limiter.ts";
import { StoreUnavailableError } from "../store/store.ts";
import { type HandlerDeps, handleContactRequest } from "./contact-routes.ts";
import { submissionFromForm } from "./form-post.ts";

const key = "test-public-key";
const url = "http://127.0.0.1:3000/functions/v1/send-contact-email";
const site = "https://www.example.org";
const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

const opened: { store: SqliteStore; folder: string }[] = [];
afterEach(async () => {
  for (const { store, folder } of opened.splice(0)) {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

/** The handler on a real SQLite store in a temporary folder. */
function setup(overrides: Partial<HandlerDeps> = {}) {
  const folder = mkdtempSync(join(tmpdir(), "form-post-"));
  const store = openSqliteStore(join(folder, "contact.db"));
  opened.push({ store, folder });
  const deps: HandlerDeps = {
    store,
    config: {
      publicKeys: [key],
      allowedOrigins: [site],
      dedupeWindowMs: 600_000,
      siteUrl: "https://www.site.example",
    },
    rateLimiter: unlimited,
    clientAddress: "203.0.113.7",
    content: fixedContent(),
    ...overrides,
  };
  return { store, deps };
}

/** A plain form's post as a browser sends it: form-encoded, from the site's page, wanting HTML. */
function formPost(
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries({ [keyField]: key, ...fields }))
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  const all = {
    "content-type": "application/x-www-form-urlencoded",
    accept: browserAccept,
    origin: site,
    ...headers,
  };
  // An empty value here means "no such header", as when a browser sends no Origin.
  const sent = Object.entries(all).filter(([, value]) => value !== "");
  return new Request(url, { method: "POST", headers: sent, body: body.toString() });
}

const sixFields = () => {
  const { otherService = "", ...rest } = validRequest();
  return { ...rest, otherService } as Record<string, string>;
};

describe("a plain form's fields as the JSON shape", () => {
  it("takes the six fields as they are and leaves empty optional details out", () => {
    const fields = sixFields();
    const form = new URLSearchParams({ ...fields, website: "", zip: " ", offer: "" });
    form.append(estimateField.kind, "");
    expect(submissionFromForm(form, repositoryFacts().priceList)).toEqual({
      ...fields,
      website: "",
    });
  });

  it("maps a home estimate's flat fields, numbers as numbers, and keeps the home's add-ons only", () => {
    const form = new URLSearchParams([
      [estimateField.kind, "home"],
      [estimateField.bedrooms, "3"],
      [estimateField.bathrooms, "1.5"],
      [estimateField.squareFeet, "1,800"],
      [estimateField.condition, "extra"],
      [estimateField.frequency, "bi-weekly"],
      [estimateField.visitsPerWeek, "3"],
      [estimateField.addOns, "inside-oven"],
      [estimateField.addOns, "floor-buff"],
      [estimateField.addOns, "inside-oven"],
    ]);
    expect(submissionFromForm(form, repositoryFacts().priceList).estimate).toEqual({
      kind: "home",
      bedrooms: 3,
      bathrooms: 1.5,
      squareFeet: 1800,
      condition: "extra",
      frequency: "bi-weekly",
      addOns: ["inside-oven"],
    });
  });

  it("maps a business estimate and leaves what is not a number as text, for the schema to refuse", () => {
    const form = new URLSearchParams([
      [estimateField.kind, "business"],
      [estimateField.squareFeet, "lots"],
      [estimateField.visitsPerWeek, "2"],
      [estimateField.bedrooms, "3"],
      [estimateField.addOns, "floor-buff"],
    ]);
    expect(submissionFromForm(form, repositoryFacts().priceList).estimate).toEqual({
      kind: "business",
      squareFeet: "lots",
      visitsPerWeek: 2,
      addOns: ["floor-buff"],
    });
  });

  it("takes the preferred times that have a day, in order", () => {
    const form = new URLSearchParams([
      [windowField(0).date, "2030-01-08"],
      [windowField(0).window, "evening"],
      [windowField(1).date, ""],
      [windowField(1).window, "morning"],
      [windowField(2).date, "2030-01-09"],
      [windowField(2).window, "morning"],
    ]);
    expect(submissionFromForm(form, repositoryFacts().priceList).preferredWindows).toEqual([
      { date: "2030-01-08", window: "evening" },
      { date: "2030-01-09", window: "morning" },
    ]);
  });

  it("passes names the contract does not know on, as fields, never as the object's prototype", () => {
    const body = submissionFromForm(
      new URLSearchParams("isAdmin=true&__proto__=x"),
      repositoryFacts().priceList,
    );
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(["isAdmin", "__proto__"]);
    expect(
      submissionFromForm(new URLSearchParams(`${keyField}=k`), repositoryFacts().priceList),
    ).toEqual({});
  });
});

describe("the plain controls the page and the function's page offer (shared/quote-form.ts)", () => {
  const facts = repositoryFacts();
  const controls = [
    ...plainEstimateGroups(facts.priceList),
    plainWindowGroup(facts.reach.hours.openDays),
  ].flatMap((group) => group.controls);

  it("post only names the function knows", () => {
    const form = new URLSearchParams(controls.map((control) => [control.name, ""]));
    expect(Object.keys(submissionFromForm(form, repositoryFacts().priceList))).toEqual([]);
  });

  it.each(["home", "business"])("offer %s choices that the schema takes, each of them", (kind) => {
    const [day] = bookableDates(new Date(), repositoryFacts());
    for (const control of controls) {
      if (control.kind !== "select" && control.kind !== "checkboxes") continue;
      for (const option of control.options) {
        if (control.name === estimateField.kind && option.value !== kind) continue;
        const form = new URLSearchParams({
          ...sixFields(),
          [estimateField.kind]: kind,
          [estimateField.squareFeet]: "1800",
          [estimateField.bedrooms]: "3",
          [estimateField.bathrooms]: "2",
          [estimateField.condition]: "routine",
          [estimateField.frequency]: "one-time",
          [estimateField.visitsPerWeek]: "3",
          [windowField(0).date]: day as string,
          [windowField(0).window]: "morning",
        });
        form.set(control.name, option.value);
        const checked = validateContact(submissionFromForm(form, repositoryFacts().priceList));
        expect(checked, `${control.name}=${option.value}`).toMatchObject({ ok: true });
      }
    }
  });
});

describe("send-contact-email, a browser's plain form post", () => {
  it("stores it exactly as a JSON request and sends the browser to the site's thank-you page", async () => {
    const { deps, store } = setup();
    const fields = sixFields();
    const [day] = bookableDates(new Date(), repositoryFacts());
    const response = await handleContactRequest(
      formPost({
        ...fields,
        website: "",
        zip: "19380",
        offer: "welcome-20",
        [estimateField.kind]: "business",
        [estimateField.squareFeet]: "5000",
        [estimateField.visitsPerWeek]: "3",
        [windowField(0).date]: day as string,
        [windowField(0).window]: "morning",
      }),
      deps,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${site}/thank-you`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [lead] = await store.list();
    expect(lead).toMatchObject({
      name: fields.name,
      message: fields.message,
      status: "new",
      zip: "19380",
      town: "West Chester",
      offer: { id: "welcome-20", percentOff: 20 },
      estimate: { inputs: { kind: "business", squareFeet: 5000, visitsPerWeek: 3, addOns: [] } },
      preferredWindows: [{ date: day, window: "morning" }],
    });
  });

  it("sends a browser without a configured Origin to the site URL, never to an origin allowed by *", async () => {
    const { deps } = setup();
    const noOrigin = await handleContactRequest(formPost(sixFields(), { origin: "" }), deps);
    expect(noOrigin.headers.get("location")).toBe("https://www.site.example/thank-you");

    const anyOrigin = setup({});
    anyOrigin.deps.config.allowedOrigins = ["*"];
    const evil = await handleContactRequest(
      formPost(sixFields(), { origin: "https://elsewhere.example" }),
      anyOrigin.deps,
    );
    expect(evil.headers.get("location")).toBe("https://www.site.example/thank-you");
  });

  it("stores a filled honeypot as spam and still thanks the bot", async () => {
    const { deps, store } = setup();
    const response = await handleContactRequest(
      formPost({ ...sixFields(), website: "http://spam.example" }),
      deps,
    );
    expect(response.status).toBe(303);
    expect((await store.list())[0]?.status).toBe("spam");
  });

  it("answers a repeat with the thank-you page and stores it once", async () => {
    const { deps, store } = setup();
    const fields = sixFields();
    expect((await handleContactRequest(formPost(fields), deps)).status).toBe(303);
    expect((await handleContactRequest(formPost(fields), deps)).status).toBe(303);
    expect(await store.list()).toHaveLength(1);
  });

  it("shows what to fix in the spec's words, with every value in a form that posts again", async () => {
    const { deps, store } = setup();
    const response = await handleContactRequest(
      formPost({
        ...sixFields(),
        name: `Jordan <script>alert(1)</script> Alvarez`,
        service: "other",
        otherService: "",
        message: "Line one\nLine two & more",
        offer: "welcome-20",
      }),
      deps,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    // Posted again, the form is answered with a 303 to the site, which form-action must allow.
    expect(csp).toMatch(new RegExp(`form-action 'self' ${site};`));
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const html = await response.text();
    expect(html).toContain("Please specify the service you need");
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="Jordan &lt;script&gt;alert(1)&lt;/script&gt; Alvarez"');
    expect(html).toContain('<option value="other" selected="">Other</option>');
    expect(html).toContain(">Line one\nLine two &amp; more</textarea>");
    expect(html).toContain(`name="${keyField}" value="${key}"`);
    expect(html).toContain('name="offer" value="welcome-20"');
    expect(html).toMatch(/<form [^>]*method="post"[^>]*>/);
    expect(html).not.toMatch(/<form[^>]*action=/);
    expect(html).toContain(`href="${site}/contact#quote"`);
    expect(await store.list()).toHaveLength(0);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "names a field called %s as it was sent, never as the object's machinery",
    async (name) => {
      const { deps } = setup();
      const response = await handleContactRequest(formPost({ ...sixFields(), [name]: "x" }), deps);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(`${name}: Unknown field.`);
      expect(html).not.toMatch(/function|native code/);
    },
  );

  it("re-shows the estimate and the times the visitor sent, with the schema's message", async () => {
    const { deps } = setup();
    const response = await handleContactRequest(
      formPost({
        ...sixFields(),
        [estimateField.kind]: "home",
        [estimateField.squareFeet]: "50",
        [windowField(0).date]: "2001-01-01",
        [windowField(0).window]: "evening",
      }),
      deps,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(
      "Approximate square feet (estimate): Please enter the square feet of the home as a whole number from 200 to 20,000.",
    );
    expect(html).toMatch(/Please choose a day from tomorrow/);
    expect(html).toContain(`name="${estimateField.squareFeet}"`);
    expect(html).toMatch(/name="preferredWindows\.0\.date" value="2001-01-01"/);
    expect(html).toContain('<option value="evening" selected="">');
  });

  it("lists every problem at once, each under its field's name, with the values kept", async () => {
    const { deps } = setup();
    const response = await handleContactRequest(
      formPost({
        ...sixFields(),
        name: "",
        email: "jordan@",
        service: "other",
        otherService: "",
        [estimateField.kind]: "home",
        [estimateField.bedrooms]: "12",
        [estimateField.bathrooms]: "2",
        [estimateField.squareFeet]: "50",
        [estimateField.condition]: "routine",
        [estimateField.frequency]: "weekly",
      }),
      deps,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    const problems = [...html.matchAll(/<li><a href="#([^"]+)">([^<]+)<\/a><\/li>/g)].map(
      ([, id, text]) => [id, text],
    );
    expect(problems).toEqual([
      ["field-name", "Name: Please enter your name."],
      ["field-email", "Email: Please enter a valid email address."],
      ["field-otherService", "Specify Service: Please specify the service you need"],
      ["field-estimate-bedrooms", "Bedrooms (estimate): Please enter a whole number from 0 to 10."],
      [
        "field-estimate-squareFeet",
        "Approximate square feet (estimate): Please enter the square feet of the home as a whole number from 200 to 20,000.",
      ],
    ]);
    expect(html).not.toContain("estimate&#39;s details");
    expect(html).toContain('value="jordan@"');
    expect(html).toMatch(/id="field-estimate-bedrooms" aria-invalid="true"[^>]* value="12"/);
    expect(html).toContain('<option value="weekly" selected="">');
  });

  it("refuses a wrong key in the hidden field, and shows what was written to copy", async () => {
    const { deps, store } = setup();
    const response = await handleContactRequest(
      formPost({ ...sixFields(), [keyField]: "wrong", message: "Keep this text" }),
      deps,
    );
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Keep this text");
    expect(html).not.toContain("<form");
    expect(await store.list()).toHaveLength(0);
  });

  it("refuses a post from another site's page", async () => {
    const { deps, store } = setup();
    const response = await handleContactRequest(
      formPost(sixFields(), { origin: "https://evil.example.net" }),
      deps,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await store.list()).toHaveLength(0);
  });

  it("past the rate limit, keeps the values in a form to send later, with Retry-After", async () => {
    const { deps } = setup({ rateLimiter: createRateLimiter({ max: 1, windowMs: 60_000 }) });
    await handleContactRequest(formPost(sixFields()), deps);
    const limited = await handleContactRequest(
      formPost({ ...sixFields(), name: "Second Try" }),
      deps,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toMatch(/Too many requests/);
    expect(html).toContain('value="Second Try"');
  });

  it("with the store unavailable, answers 503 with the values in a form to send again", async () => {
    const { deps, store } = setup();
    store.submit = async () => {
      throw new StoreUnavailableError("disk full");
    };
    const response = await handleContactRequest(
      formPost({ ...sixFields(), name: "Store Down" }),
      deps,
    );
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toMatch(/could not save your request/);
    expect(html).toContain('value="Store Down"');
  });

  it("answers 413 to a body over 16 KiB with a page, without reading it", async () => {
    const { deps } = setup();
    const response = await handleContactRequest(
      formPost({ ...sixFields(), message: "x".repeat(17 * 1024) }),
      deps,
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/too long/);
  });
});

describe("send-contact-email, a form post from a client that wants JSON", () => {
  const apiPost = (fields: Record<string, string>) =>
    formPost(fields, { accept: "application/json" });

  it("answers 200 with the id, as the JSON contract does", async () => {
    const { deps } = setup();
    const response = await handleContactRequest(apiPost(sixFields()), deps);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) });
  });

  it("answers 400 naming the field, and an unknown field by its name", async () => {
    const { deps } = setup();
    const invalid = await handleContactRequest(
      apiPost({ ...sixFields(), service: "other", otherService: "" }),
      deps,
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: "Please specify the service you need",
      fields: { otherService: "Please specify the service you need" },
    });
    const unknown = await handleContactRequest(apiPost({ ...sixFields(), isAdmin: "1" }), deps);
    expect((await unknown.json()).error).toBe("Unknown field: isAdmin.");
  });

  it("answers a JSON request that accepts HTML with JSON: the JSON contract is unchanged", async () => {
    const { deps } = setup();
    const response = await handleContactRequest(
      new Request(url, {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json", accept: browserAccept },
        body: JSON.stringify(validRequest()),
      }),
      deps,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});
