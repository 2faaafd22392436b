/**
 * The owner's site editor as the function serves it (routes.ts, router.ts): its own link scope,
 * the inbox's "Edit the site", each group's form, the refusals beside their fields with nothing
 * published, publish, restore, the rate limit and the preview, against the real SQLite store.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { escapeHtml } from "../../../tests/support/escape-html.ts";
import {
  config,
  fakePublishing,
  formOf,
  functionUrl,
  groupForm,
  liveDocument,
  owner,
  post,
  repository,
  running,
  setup,
  signers,
  siteAddress,
  tagOf,
  textOf,
} from "../../../tests/support/site-editor.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { contactDefaults } from "../base/config.ts";
import type { Logger } from "../base/log.ts";
import { silentLogger } from "../base/log.ts";
import type { SitePublishing, SiteStatus } from "../base/site-publishing.ts";
import { type ContactFunction, createContactFunction } from "../contact-function.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { createRateLimiter, type RateLimiter } from "../http/rate-limiter.ts";
import { inboxSubjects } from "../inbox/inbox-routes.ts";
import { pageCss } from "../views/page-css.ts";
import { pageChoices } from "./page-fields.ts";
import { previewBanner } from "./preview-page.ts";
import { handleEditorHome, handlePublish, siteSubject } from "./site-editor-routes.ts";
import { groupSlugs } from "./site-fields.ts";

describe("the site editor's link", () => {
  it("opens with a site token only: an inbox or request token gets 403, and a site token opens neither", async () => {
    const { call, token } = await setup();
    expect((await call("/site")).status).toBe(200);
    const inboxToken = await signers.inbox.sign(inboxSubjects.act, new Date());
    const ownerToken = await signers.owner.sign(siteSubject, new Date());
    for (const other of [inboxToken, ownerToken]) {
      const refused = await call("/site", undefined, other);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Edit the site");
      expect((await call("/site/contact", post({}), other)).status).toBe(403);
      expect((await call("/site/restore/first", post({}), other)).status).toBe(403);
    }
    expect((await call("/inbox", undefined, token)).status).toBe(403);
    const id = crypto.randomUUID();
    expect((await call(`/lead/${id}`, undefined, token)).status).toBe(403);
    const altered = token.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await call("/site", undefined, altered)).status).toBe(403);
    const expired = await signers.site.sign(siteSubject, new Date(Date.now() - 60_000), 1000);
    expect((await call("/site", undefined, expired)).status).toBe(403);
  });

  it("is on the inbox that acts, never on the one a push opens, and it opens the editor", async () => {
    const { call } = await setup();
    const act = await call(
      "/inbox",
      undefined,
      await signers.inbox.sign(inboxSubjects.act, new Date()),
    );
    const html = await act.text();
    const link = /<a class="button quiet" href="(\.\/site\?token=[^"]+)">Edit the site<\/a>/.exec(
      html,
    );
    expect(link).not.toBeNull();
    const siteToken = new URL(
      link?.[1]?.replace(/&amp;/g, "&") ?? "",
      functionUrl,
    ).searchParams.get("token");
    expect((await call("/site", undefined, siteToken ?? "")).status).toBe(200);
    const read = await call(
      "/inbox",
      undefined,
      await signers.inbox.sign(inboxSubjects.read, new Date()),
    );
    expect(read.status).toBe(200);
    expect(await read.text()).not.toContain("Edit the site");
  });
});

describe("the editor's home", () => {
  it("lists the groups, what is live, this server's status and the repository's version", async () => {
    const { call } = await setup();
    const response = await call("/site");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    for (const title of [
      "Business",
      "Phone &amp; e-mail",
      "Hours",
      "Welcome offer",
      "Prices",
      "Service area",
      "Reviews",
      "Pictures",
      "Pages",
    ])
      expect(html, title).toContain(`>${title}</a>`);
    // The Pictures page (site-pictures/) and the Pages list, under the editor's own link.
    expect(html).toMatch(/<a href="\.\/site\/pictures\?token=[^"]+">Pictures<\/a>/);
    expect(html).toMatch(/<a href="\.\/site\/pages\?token=[^"]+">Pages<\/a>/);
    expect(html).toContain("Your site as first built: nothing published from here yet.");
    expect(html).toContain("Your site shows it.");
    expect(textOf(html)).not.toMatch(/server|[Vv]ersion \d/);
    // The live one has nothing to restore.
    expect(html).not.toContain("Go back to the site as first built");
  });
});

describe("each group's form", () => {
  it.each(groupSlugs)(
    "%s: every field labelled, sent back unchanged: nothing is published",
    async (group) => {
      const { call, store, fake } = await setup();
      const response = await call(`/site/${group}`);
      const html = await response.text();
      expect(html).toContain('<button type="submit" class="primary">Publish</button>');
      expect(html).toMatch(
        /<button type="submit" formAction="[^"]*preview[^"]*">Preview<\/button>/i,
      );
      // Every input, select and textarea has a label naming it.
      for (const [, id] of html.matchAll(/<(?:input|select|textarea) [^>]*id="([^"]+)"/g))
        expect(html, `label of ${id}`).toContain(`for="${id}"`);
      const sent = await call(`/site/${group}`, post(formOf(html)));
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toMatch(/^\.\.\/site\?token=.+&done=same&part=[a-z]+$/);
      expect(await store().liveContent()).toBeNull();
      expect(fake.calls.checkNow).toBe(0);
    },
  );

  it("labels fields in the owner's words, with the right kinds of input", async () => {
    const { call } = await setup();
    const contact = await (await call("/site/contact")).text();
    expect(contact).toContain('<label for="f-contact-phone">Main phone</label>');
    expect(tagOf(contact, "f-contact-phone")).toMatch(/type="tel".*name="contact.phone"/);
    expect(tagOf(contact, "f-contact-email")).toContain('type="email"');
    const offer = await (await call("/site/offer")).text();
    expect(tagOf(offer, "f-offer-enabled")).toMatch(/type="checkbox".*checked=""/);
    expect(tagOf(offer, "f-offer-percentOff")).toMatch(/type="number" step="1"/);
    const reviews = await (await call("/site/reviews")).text();
    expect(reviews).toContain('<select id="f-reviews-0-rating" name="reviews.0.rating">');
    expect(reviews).toContain('name="reviews.0.remove"');
    expect(reviews).toContain("Add a review");
    const hours = await (await call("/site/hours")).text();
    expect(hours).toContain('<select id="f-hours-week-sunday-open" name="hours.week.sunday.open">');
    expect(hours).toMatch(/name="hours.week.monday.opens"><option value="05:00">/);
  });

  it("puts $ before a price and % after a share, said in words to a screen reader", async () => {
    const { call } = await setup();
    const prices = await (await call("/site/prices")).text();
    expect(prices).toMatch(
      /<label for="f-prices-home-base"><span class="sr-only">Home: <\/span>Starting price<span class="sr-only"> \(in dollars\)<\/span><\/label><div class="unit dollars"><span aria-hidden="true">\$<\/span><input id="f-prices-home-base"/,
    );
    expect(prices).toMatch(
      /<div class="unit percent"><input id="f-prices-range-low"[^>]*\/><span aria-hidden="true">%<\/span><\/div>/,
    );
    expect(prices).toMatch(
      /<div class="unit dollars"><span aria-hidden="true">\$<\/span><input id="f-prices-addOns-0-price"/,
    );
    const offer = await (await call("/site/offer")).text();
    expect(offer).toMatch(
      /<input id="f-offer-percentOff"[^>]*\/><span aria-hidden="true">%<\/span>/,
    );
  });

  it("keeps Preview and Publish in a bar that stays on screen, last in the form's order", async () => {
    const { call } = await setup();
    for (const slug of ["hours", "prices", "reviews", "business", "pages/exton"]) {
      const html = await (await call(`/site/${slug}`)).text();
      const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
      expect(form, slug).toMatch(
        /<div class="publish-bar"><button type="submit" formAction="[^"]+\/preview\?token=[^"]+">Preview<\/button><button type="submit" class="primary">Publish<\/button><\/div>$/,
      );
      expect(html.match(/>Publish<\/button>/g), slug).toHaveLength(1);
    }
    expect(pageCss).toContain(".editor .publish-bar{position:sticky;bottom:0;");
    // The field the keyboard is on is kept clear of the bar.
    expect(pageCss).toContain("html:has(.publish-bar){scroll-padding-bottom:5rem}");
  });

  it("names every field in a cleaner's words: no jargon left without a line that says what it is", async () => {
    const { call } = await setup();
    const jargon =
      /hero|surcharge|bi-weekly|keywords|meta|low end|high end|\(%\)|\(\$\)|base price|Support claim|Answer within/i;
    for (const slug of [
      ...groupSlugs,
      "pictures",
      ...pageChoices.map((one) => `pages/${one.slug}`),
    ]) {
      const html = await (await call(`/site/${slug}`)).text();
      const labels = [
        ...html.matchAll(
          /<label[^>]*>([\s\S]*?)<\/label>|<legend>([^<]*)<\/legend>|<h2[^>]*>([^<]*)<\/h2>/g,
        ),
      ].map((match) => (match[1] ?? match[2] ?? match[3] ?? "").replace(/<[^>]+>/g, ""));
      expect(labels.length, slug).toBeGreaterThan(0);
      for (const label of labels) expect(label, `${slug}: ${label}`).not.toMatch(jargon);
    }
    // The words only Google reads say so beside their field.
    const exton = await (await call("/site/pages/exton")).text();
    expect(exton).toContain(
      "words people type into Google to find this page. Not shown on the page.",
    );
    expect(exton).toContain(
      "The two lines Google shows under the page&#x27;s name. Not shown on the page.",
    );
  });
});

describe("the Pages group: one form per page", () => {
  it("lists every town, every service page and the /services cards, each linked to its form", async () => {
    const { call } = await setup();
    const html = await (await call("/site/pages")).text();
    for (const page of pageChoices)
      expect(html, page.slug).toMatch(
        new RegExp(
          `<a href="\\.\\./site/pages/${page.slug}\\?token=[^"]+">${escapeHtml(page.title)}</a>`,
        ),
      );
    expect(pageChoices).toHaveLength(5 + 6 + 1);
    expect((await call("/site/pages/nowhere")).status).toBe(404);
  });

  it.each(pageChoices.map((page) => page.slug))(
    "%s: every field labelled, paragraphs in boxes, sent back unchanged: nothing is published",
    async (slug) => {
      const { call, store, fake } = await setup();
      const response = await call(`/site/pages/${slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<button type="submit" class="primary">Publish</button>');
      expect(html).toMatch(
        new RegExp(`formAction="\\.\\./\\.\\./site/pages/${slug}/preview\\?token=`),
      );
      for (const [, id] of html.matchAll(/<(?:input|select|textarea) [^>]*id="([^"]+)"/g))
        expect(html, `label of ${id}`).toContain(`for="${id}"`);
      // The preview's page is this one.
      const path = slug === "services" ? "/services" : `/${slug}`;
      expect(html).toMatch(new RegExp(`<option value="${path}"`));
      const sent = await call(`/site/pages/${slug}`, post(formOf(html)));
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toMatch(
        /^\.\.\/\.\.\/site\?token=.+&done=same&part=pages%2F[a-z-]+$/,
      );
      expect(await store().liveContent()).toBeNull();
      expect(fake.calls.checkNow).toBe(0);
    },
  );

  it("has a field for every text the page keeps, labelled in the owner's words", async () => {
    const { call } = await setup();
    const exton = await (await call("/site/pages/exton")).text();
    expect(exton).toContain("<h1>Exton page</h1>");
    expect(exton).toContain(
      '<label for="f-pages-towns-exton-tagline">Line under the heading</label>',
    );
    expect(tagOf(exton, "f-pages-towns-exton-tagline")).toMatch(/^<textarea/);
    expect(tagOf(exton, "f-pages-towns-exton-county")).toMatch(/^<input[^>]*type="text"/);
    expect(exton).toContain(`>${repository.pages.towns.exton.neighborhoods.join("\n")}</textarea>`);
    expect(exton).toContain('name="pages.towns.exton.whyChoose.0.title"');
    expect(exton).toContain('name="pages.towns.exton.whyChoose.2.remove"');
    const carpet = await (await call("/site/pages/carpet-cleaning")).text();
    expect(carpet).toContain('name="pages.services.carpet-cleaning.process.steps"');
    expect(carpet).toContain("One step per line, in order.");
    const cards = await (await call("/site/pages/services")).text();
    expect(cards).toContain('name="pages.serviceCards.janitorial.shortDesc"');
    expect(cards).toContain('name="pages.serviceCards.carpet.features"');
    expect(cards).not.toContain('name="pages.serviceCards.carpet.shortDesc"');
  });

  it("publishes a changed page with its words, and refuses an empty text beside its field", async () => {
    const { call, store, fake, token } = await setup();
    const form = await groupForm(call, "pages/exton");
    form.set("pages.towns.exton.tagline", "Spotless homes & offices in Exton.");
    form.set("pages.towns.exton.neighborhoods", "Lionville\nDowningtown\n");
    const response = await call("/site/pages/exton", post(form));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `../../site?token=${encodeURIComponent(token)}&done=live&version=1&part=pages%2Fexton`,
    );
    const live = await store().liveContent();
    expect(live?.changes).toEqual([
      "Exton page: line under the heading changed",
      "Exton page: nearby areas changed",
    ]);
    const document = live?.document as SiteContent;
    expect(document.pages.towns.exton.tagline).toBe("Spotless homes & offices in Exton.");
    expect(document.pages.towns.exton.neighborhoods).toEqual(["Lionville", "Downingtown"]);
    expect(document.pages.towns.berwyn).toEqual(repository.pages.towns.berwyn);
    expect(fake.calls.checkNow).toBe(1);

    const service = await groupForm(call, "pages/residential-cleaning");
    service.set("pages.services.residential-cleaning.heroTitle", "  ");
    const refused = await call("/site/pages/residential-cleaning", post(service));
    expect(refused.status).toBe(422);
    const html = await refused.text();
    const id = "f-pages-services-residential-cleaning-heroTitle";
    expect(tagOf(html, id)).toContain('aria-invalid="true"');
    expect(html).toMatch(new RegExp(`<p class="field-problem" id="${id}-problem">[^<]+</p>`));
    expect(html).toContain(`<a href="#${id}">Heading: `);
    expect((await store().liveContent())?.version).toBe(1);
    expect(fake.calls.checkNow).toBe(1);
  });

  it("previews its own page by default with the unsaved words", async () => {
    const { call, store, fake } = await setup();
    const form = await groupForm(call, "pages/services");
    form.set("pages.serviceCards.office.shortDesc", "Desks, kitchens and lobbies.");
    form.delete("previewPath");
    const response = await call("/site/pages/services/preview", post(form));
    expect(response.status).toBe(200);
    expect(fake.calls.previews.map((one) => one.path)).toEqual(["/services"]);
    expect(fake.calls.previews[0]?.document.pages.serviceCards.office.shortDesc).toBe(
      "Desks, kitchens and lobbies.",
    );
    expect(await store().liveContent()).toBeNull();
  });
});

describe("previews", () => {
  it("are limited, as publishes are: the one past the limit is refused in words, with Retry-After", async () => {
    const { call, fake } = await setup();
    const form = await groupForm(call, "pages/services");
    for (let done = 0; done < contactDefaults.sitePreviewsPer10Minutes; done += 1)
      expect((await call("/site/pages/services/preview", post(form))).status).toBe(200);
    const refused = await call("/site/pages/services/preview", post(form));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many previews in a short time.");
    expect(fake.calls.previews).toHaveLength(contactDefaults.sitePreviewsPer10Minutes);
  });
});

describe("what the editor refuses", () => {
  const cases: [string, string, Record<string, string>, string][] = [
    [
      "contact",
      "contact.phone",
      { "contact.phone": "555-0142" },
      "Enter a phone number with 10 digits",
    ],
    [
      "prices",
      "prices.range.low",
      { "prices.range.low": "120", "prices.range.high": "110" },
      "The low end of the range must not be above its high end.",
    ],
    ["business", "business.name", { "business.name": "  " }, "Enter the business&#x27;s name."],
    [
      "offer",
      "offer.percentOff",
      { "offer.percentOff": "120" },
      "Enter the percent off from 1 to 100.",
    ],
  ];

  it.each(cases)(
    "%s: %s refused beside its field (422), what was typed kept, nothing published",
    async (group, name, changed, message) => {
      const { call, store, fake } = await setup();
      const form = await groupForm(call, group);
      for (const [key, value] of Object.entries(changed)) form.set(key, value);
      const response = await call(`/site/${group}`, post(form));
      expect(response.status).toBe(422);
      const html = await response.text();
      const id = `f-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;
      // Beside the field: described by its message, marked invalid, the typed value kept.
      const tag = tagOf(html, id);
      expect(tag).toMatch(new RegExp(`aria-describedby="[^"]*${id}-problem"`));
      expect(tag).toContain('aria-invalid="true"');
      expect(tag).toContain(`name="${name}"`);
      expect(tag).toContain(`value="${escapeHtml(changed[name] ?? "")}"`);
      expect(html).toMatch(
        new RegExp(
          `<p class="field-problem" id="${id}-problem">[^<]*${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
        ),
      );
      // The summary at the top links to the field.
      expect(html).toContain(`<a href="#${id}">`);
      expect(html).toContain("Nothing was published.");
      expect(await store().liveContent()).toBeNull();
      expect(fake.calls.checkNow).toBe(0);
    },
  );

  it("shows a review's markup as the characters typed, and publishes it as text", async () => {
    const { call, store } = await setup();
    const markup = "<img src=x onerror=alert(1)>";
    const form = await groupForm(call, "reviews");
    form.set("reviews.0.text", markup);
    form.set("reviews.0.name", "");
    const refused = await (await call("/site/reviews", post(form))).text();
    expect(refused).not.toContain("<img");
    expect(refused).toContain(escapeHtml(markup));
    form.set("reviews.0.name", "Mallory T.");
    expect((await call("/site/reviews", post(form))).status).toBe(303);
    expect((await liveDocument(store())).reviews[0]?.text).toBe(markup);
    const shown = await (await call("/site/reviews")).text();
    expect(shown).not.toContain("<img");
    expect(shown).toContain(`>${escapeHtml(markup)}</textarea>`);
  });

  it("refuses a ZIP code listed under two towns beside the town's field", async () => {
    const { call, store } = await setup();
    const form = await groupForm(call, "area");
    form.set("area.berwyn.zips", `${form.get("area.berwyn.zips")}, 19341`);
    const response = await call("/site/area", post(form));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(tagOf(html, "f-area-berwyn-zips")).toContain('aria-invalid="true"');
    expect(html).toContain("19341 is already listed under another town.");
    expect(await store().liveContent()).toBeNull();
  });
});

describe("publishing", () => {
  it("stores a version with what changed, makes it live and says so; the form shows it after", async () => {
    const lines: string[] = [];
    const log: Logger = {
      ...silentLogger,
      info: (message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`),
    };
    const { call, store, fake, token } = await setup({ log });
    const form = await groupForm(call, "contact");
    form.set("contact.phone", "484.555.0199");
    const response = await call("/site/contact", post(form));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `../site?token=${encodeURIComponent(token)}&done=live&version=1&part=contact`,
    );
    const live = await store().liveContent();
    expect(live?.version).toBe(1);
    expect(live?.changes).toEqual(["Main phone: (484) 555-0142 → (484) 555-0199"]);
    expect((live?.document as SiteContent | undefined)?.contact.phone).toBe("(484) 555-0199");
    expect((live?.document as SiteContent | undefined)?.reviews).toEqual(repository.reviews);
    expect(fake.calls.checkNow).toBe(1);
    expect(lines.join("\n")).toContain('"version":1');
    expect(lines.join("\n")).not.toContain(token);
    const home = await (await call("/site?done=live&version=1&part=contact")).text();
    expect(home).toContain("Published. Your site shows it now.");
    // The page that shows the change, at the place on it: the footer's phone, e-mail and hours.
    expect(home).toContain(
      `<a href="${siteAddress}/#footer-contact" rel="noreferrer">View your site</a>`,
    );
    expect(home).toContain("Main phone: (484) 555-0142 → (484) 555-0199");
    expect(home).toContain("Your site shows it.");
    expect(home).toContain("Go back to the site as first built");
    expect(textOf(home)).not.toMatch(/server|[Vv]ersion \d/);
    expect(await (await call("/site/contact")).text()).toContain('value="(484) 555-0199"');
  });

  it("adds and removes list rows without script: a new review, a holiday removed", async () => {
    const { call, store } = await setup();
    const reviews = await groupForm(call, "reviews");
    const added = repository.reviews.length;
    reviews.set(`reviews.${added}.name`, "Sam R.");
    reviews.set(`reviews.${added}.location`, "Berwyn, PA");
    reviews.set(`reviews.${added}.service`, "Carpet Cleaning");
    reviews.set(`reviews.${added}.rating`, "4");
    reviews.set(`reviews.${added}.text`, "On time & careful.");
    expect((await call("/site/reviews", post(reviews))).status).toBe(303);
    const document = (await store().liveContent())?.document as SiteContent;
    expect(document.reviews).toHaveLength(added + 1);
    expect(document.reviews.at(-1)).toEqual({
      name: "Sam R.",
      rating: 4,
      text: "On time & careful.",
      location: "Berwyn, PA",
      service: "Carpet Cleaning",
    });
    const hours = await groupForm(call, "hours");
    hours.set("hours.holidays.0.remove", "on");
    // Saturday's own hours count once its "Same hours as Monday" is unticked.
    hours.delete("hours.week.saturday.sameAsMonday");
    hours.set("hours.week.saturday.open", "false");
    expect((await call("/site/hours", post(hours))).status).toBe(303);
    const live = await store().liveContent();
    expect((live?.document as SiteContent | undefined)?.hours.holidays).toEqual(
      repository.hours.holidays.slice(1),
    );
    expect((live?.document as SiteContent | undefined)?.hours.week.saturday).toEqual({
      open: false,
    });
    expect(live?.changes).toEqual([
      "Saturday: closed, was 8 AM to 7 PM",
      "Holidays: New Year's Day removed",
    ]);
  });

  it("turns the offer off, and edits prices as percents and dollars (a new price list version)", async () => {
    const { call, store } = await setup();
    const offer = await groupForm(call, "offer");
    offer.delete("offer.enabled");
    expect((await call("/site/offer", post(offer))).status).toBe(303);
    expect((await liveDocument(store())).offer.enabled).toBe(false);
    const prices = await groupForm(call, "prices");
    expect(prices.get("prices.range.high")).toBe("115");
    prices.set("prices.home.base", "75");
    prices.set("prices.home.frequencyDiscount.weekly", "22.5");
    expect((await call("/site/prices", post(prices))).status).toBe(303);
    const live = await store().liveContent();
    const document = live?.document as SiteContent;
    expect(document.prices.home.base).toBe(75);
    expect(document.prices.home.frequencyDiscount.weekly).toBe(0.225);
    expect(document.prices.range).toEqual(repository.prices.range);
    expect(document.prices.version).not.toBe(repository.prices.version);
    expect(live?.changes).toContain("Home: starting price: $70 → $75");
  });

  it("gives a day Monday's hours with its one box, ticked where they are the same", async () => {
    const { call, store } = await setup();
    const html = await (await call("/site/hours")).text();
    // Monday has the hours; every other day with the same ones shows its box ticked.
    expect(html).not.toContain('name="hours.week.monday.sameAsMonday"');
    expect(tagOf(html, "f-hours-week-tuesday-sameAsMonday")).toMatch(/type="checkbox".*checked=""/);
    expect(html).toMatch(
      /<label class="check" for="f-hours-week-tuesday-sameAsMonday"><input [^>]*\/><span class="sr-only">Tuesday: <\/span>Same hours as Monday<\/label>/,
    );
    const repositorySunday = repository.hours.week.sunday;
    const sundaySame = repositorySunday.open === repository.hours.week.monday.open;
    if (!sundaySame)
      expect(tagOf(html, "f-hours-week-sunday-sameAsMonday")).not.toContain("checked");

    // Monday changes: the ticked days take it on Publish, whatever their own boxes say.
    const hours = await groupForm(call, "hours");
    hours.set("hours.week.monday.opens", "07:00");
    hours.set("hours.week.wednesday.opens", "11:00");
    hours.set("hours.week.sunday.sameAsMonday", "on");
    expect((await call("/site/hours", post(hours))).status).toBe(303);
    const week = (await liveDocument(store())).hours.week;
    for (const day of ["monday", "tuesday", "wednesday", "sunday"] as const)
      expect(week[day], day).toEqual({ ...repository.hours.week.monday, opens: "07:00" });
    // The box is the form's alone: the document has the hours, not the box.
    expect(JSON.stringify(week)).not.toContain("sameAsMonday");
  });

  it("says a version is still being made when the host is not done within the wait, or why it failed", async () => {
    const store = testStore();
    const token = await signers.site.sign(siteSubject, new Date());
    const status: SiteStatus = { serving: null, building: null, failed: null };
    const slow: SitePublishing = {
      checkNow: () => new Promise(() => {}),
      status: () => status,
    };
    const grant = { scope: "site" as const, subject: siteSubject, token };
    const deps = {
      store,
      publishing: slow,
      deployHookUrl: null,
      publishLimit: createRateLimiter({ max: 10, windowMs: 600_000 }),
      siteAddress,
      waitMs: 20,
    };
    const contact = (phone: string) => {
      const form = new URLSearchParams({
        "contact.phone": phone,
        "business.offerPhone": "(484) 555-0187",
        "contact.email": "hello@example.com",
        "contact.responseTime": "24 hours",
      });
      return new Request(`${functionUrl}/site/contact?token=${token}`, post(form));
    };
    const working = await handlePublish(contact("(484) 555-0101"), "contact", grant, deps);
    expect(working.headers.get("location")).toMatch(/&done=working&version=1&part=contact$/);
    status.failed = {
      version: 2,
      reason: "The page /exton could not be made.",
      at: new Date().toISOString(),
    };
    const failed = await handlePublish(contact("(484) 555-0102"), "contact", grant, deps);
    expect(failed.headers.get("location")).toMatch(/&done=failed&version=2&part=contact$/);
    await store.close();
  });
});

describe("restore", () => {
  it("publishes an earlier version, or the repository's, again as a new version", async () => {
    const { call, store, fake } = await setup();
    const form = await groupForm(call, "contact");
    form.set("contact.phone", "(484) 555-0111");
    await call("/site/contact", post(form));
    // The same form posted again, as the owner's next edit opened on that version.
    form.set("baseVersion", "1");
    form.set("contact.phone", "(484) 555-0122");
    await call("/site/contact", post(form));
    const home = await (await call("/site")).text();
    expect(home).toMatch(
      /href="\.\/site\/restore\/1\?token=[^"]+">Go back to how the site was then</,
    );
    expect(home).not.toContain("site/restore/2?");
    expect(home).toMatch(/href="\.\/site\/undo\/2\?token=[^"]+">Undo this change</);
    const restored = await call("/site/restore/1", post({}));
    expect(restored.status).toBe(303);
    expect(restored.headers.get("location")).toMatch(
      /^\.\.\/\.\.\/site\?token=.+&done=live&version=3&part=contact$/,
    );
    const third = await store().liveContent();
    expect(third).toMatchObject({
      version: 3,
      restoredFrom: 1,
      changes: ["Main phone: (484) 555-0122 → (484) 555-0111"],
    });
    const first = await call("/site/restore/first", post({}));
    expect(first.headers.get("location")).toMatch(/&done=live&version=4&part=contact$/);
    const fourth = await store().liveContent();
    expect(fourth?.document).toEqual(repository);
    expect(fourth?.changes).toEqual([
      "Back to the site as first built",
      "Main phone: (484) 555-0111 → (484) 555-0142",
    ]);
    expect(fake.calls.checkNow).toBe(4);
    // Nothing is overwritten: every version is still there.
    expect((await store().contentHistory(10)).map((one) => one.version)).toEqual([4, 3, 2, 1]);
    expect((await call("/site/restore/99", post({}))).status).toBe(404);
  });
});

describe("the rate limit", () => {
  it("refuses the eleventh publish in ten minutes (429, in words), with nothing published", async () => {
    const { call, store } = await setup();
    const form = await groupForm(call, "contact");
    for (let index = 0; index < 10; index += 1) {
      // Each as opened on the version before (edit-conflict.ts).
      form.set("baseVersion", String(index));
      form.set("contact.phone", `(484) 555-01${String(10 + index)}`);
      expect((await call("/site/contact", post(form))).status).toBe(303);
    }
    form.set("baseVersion", "10");
    form.set("contact.phone", "(484) 555-0199");
    const refused = await call("/site/contact", post(form));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toContain("Too many publishes in a short time.");
    expect(html).toContain('value="(484) 555-0199"');
    expect((await store().liveContent())?.version).toBe(10);
    expect((await call("/site/restore/first", post({}))).status).toBe(429);
  });

  it("counts the publishes of every server on one database together", async () => {
    // Two servers on one store whose limits count in it, as on Postgres: every server makes each
    // version, so a leaked link gets ten in all, not ten per server.
    const shared = testStore();
    const counted = new Map<string, number>();
    const rateLimiter = ({ max }: { max: number; windowMs: number }): RateLimiter => ({
      size: 0,
      async consume(key) {
        const count = (counted.get(key) ?? 0) + 1;
        counted.set(key, count);
        return count <= max ? { allowed: true } : { allowed: false, retryAfterSeconds: 600 };
      },
    });
    const token = await signers.site.sign(siteSubject, new Date());
    const servers = [0, 1].map(() => {
      const fn = createContactFunction({
        config,
        owner,
        openStore: async () => ({ store: shared, rateLimiter }),
        mailer: { send: async () => "test", close: async () => {} },
        log: silentLogger,
        publishing: fakePublishing(() => shared),
      });
      running.push(fn);
      return fn;
    });
    for (const fn of servers) await fn.start();
    const call = (fn: ContactFunction, path: string, init?: RequestInit) =>
      fn.fetch(new Request(`${functionUrl}${path}?token=${encodeURIComponent(token)}`, init), {
        peer: "127.0.0.1",
      });
    const form = formOf(await (await call(servers[0] as ContactFunction, "/site/contact")).text());
    for (let index = 0; index < 10; index += 1) {
      form.set("baseVersion", String(index));
      form.set("contact.phone", `(484) 555-01${String(10 + index)}`);
      const server = servers[index % 2] as ContactFunction;
      expect((await call(server, "/site/contact", post(form))).status).toBe(303);
    }
    form.set("baseVersion", "10");
    form.set("contact.phone", "(484) 555-0199");
    for (const server of servers)
      expect((await call(server, "/site/contact", post(form))).status).toBe(429);
    expect((await shared.liveContent())?.version).toBe(10);
  });
});

describe("preview", () => {
  it("shows the chosen page with the unsaved fields under a banner, never indexed nor kept, publishing nothing", async () => {
    const { call, store, fake } = await setup();
    const form = await groupForm(call, "contact");
    form.set("contact.phone", "(484) 555-0177");
    form.set("previewPath", "/exton");
    const response = await call("/site/contact/preview", post(form));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).not.toContain("script-src");
    const html = await response.text();
    expect(html).toMatch(
      new RegExp(`<body class="site"><div role="status"[^>]*><strong>${previewBanner}</strong>`),
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("(484) 555-0177");
    expect(fake.calls.previews.map((one) => one.path)).toEqual(["/exton"]);
    expect(fake.calls.previews[0]?.document.contact.phone).toBe("(484) 555-0177");
    expect(await store().liveContent()).toBeNull();
    // A page that is not one of the group's goes to its first.
    form.set("previewPath", "https://elsewhere.example/");
    await call("/site/contact/preview", post(form));
    expect(fake.calls.previews[1]?.path).toBe("/");
    // Invalid fields are refused as on Publish.
    form.set("contact.phone", "12");
    expect((await call("/site/contact/preview", post(form))).status).toBe(422);
  });

  it("says in words that preview cannot be made where the host builds the pages", async () => {
    const { call } = await setup({ publishing: "none" });
    const form = await groupForm(call, "contact");
    const html = await (await call("/site/contact/preview", post(form))).text();
    expect(html).toContain("Preview cannot be made here");
    expect(textOf(html)).not.toMatch(/server|npm/);
  });
});

describe("a static host's build hook (DEPLOY_HOOK_URL)", () => {
  async function hookServer(statuses: number[]) {
    const posts: string[] = [];
    const server = createServer((request, response) => {
      posts.push(`${request.method} ${request.url}`);
      response.statusCode = statuses[posts.length - 1] ?? 200;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/hooks/secret-build-key`,
      posts,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  async function publishPhone(hookUrl: string, phone: string, store: SqliteStore) {
    const token = await signers.site.sign(siteSubject, new Date());
    const grant = { scope: "site" as const, subject: siteSubject, token };
    const deps = {
      store,
      publishing: fakePublishing(() => store),
      deployHookUrl: hookUrl,
      publishLimit: createRateLimiter({ max: 10, windowMs: 600_000 }),
      siteAddress,
    };
    const form = new URLSearchParams({
      "contact.phone": phone,
      "business.offerPhone": "(484) 555-0187",
      "contact.email": "hello@example.com",
      "contact.responseTime": "24 hours",
    });
    const request = new Request(`${functionUrl}/site/contact?token=${token}`, post(form));
    const published = await handlePublish(request, "contact", grant, deps);
    const home = new URL(published.headers.get("location") ?? "", `${functionUrl}/site/contact`);
    const page = await handleEditorHome(new Request(home), grant, deps);
    return { location: home, html: await page.text() };
  }

  it("is POSTed once after a publish, and the editor says the host was told, naming only its host", async () => {
    const hook = await hookServer([200]);
    const store = testStore();
    try {
      const { location, html } = await publishPhone(hook.url, "(484) 555-0111", store);
      expect(hook.posts).toEqual(["POST /hooks/secret-build-key"]);
      expect(html).toContain("Published. Not yet on your site: your host (127.0.0.1:");
      expect(html).toContain("is building its pages with your change now");
      expect(html).not.toContain("secret-build-key");
      expect(location.search).not.toContain("secret-build-key");
    } finally {
      await store.close();
      await hook.close();
    }
  });

  it("that fails: the version is kept, and the editor says the host was not told and how to try again", async () => {
    const hook = await hookServer([500, 500]);
    const store = testStore();
    try {
      const { html } = await publishPhone(hook.url, "(484) 555-0112", store);
      expect(hook.posts).toHaveLength(2);
      expect((await store.liveContent())?.version).toBe(1);
      expect(html).toContain("Published, but not yet on your site: your host (127.0.0.1:");
      expect(html).toContain("could not be asked to build its pages: it answered 500");
      expect(html).toContain("Tap Publish again, with nothing changed, to ask it once more.");
    } finally {
      await store.close();
      await hook.close();
    }
  });
});
