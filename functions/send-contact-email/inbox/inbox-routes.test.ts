import { beforeEach, describe, expect, it } from "vitest";
import { validateContact } from "../../../shared/contact-schema.ts";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { resolveQuoteDetails } from "../../../shared/quote/quote-details.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { routed } from "../../../tests/support/routed.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import type { NewContactRequest } from "../store/store.ts";
import {
  handleInbox,
  type InboxDeps,
  inboxPageLink,
  inboxPageSize,
  inboxSubject,
  inboxSubjects,
} from "./inbox-routes.ts";

const now = new Date("2026-11-25T15:00:00Z");
const day = 86_400_000;
const links = createLinkSigners(parseLinkSettings({}, "an-owner-secret-of-enough-length-0123"));
const base = "https://fn.example/functions/v1/send-contact-email";

let store: SqliteStore;
let token: string;

async function add(
  overrides: Parameters<typeof validRequest>[0] & {
    daysAgo?: number;
    zip?: string;
    status?: "new" | "spam";
    source?: NewContactRequest["source"];
  } = {},
) {
  const { daysAgo = 1, zip, status, source, ...fields } = overrides;
  return storeSample(store, new Date(now.getTime() - daysAgo * day), fields, {
    details: zip ? resolveQuoteDetails({ zip }, repositoryFacts()) : undefined,
    source,
    status,
  });
}

/** The inbox's routes as routes.ts has them: the router checks the link first. */
function serve(deps: InboxDeps, at = now) {
  return routed(
    (["page", "csv"] as const).map((format) => ({
      method: "GET HEAD",
      path: format === "csv" ? "/inbox.csv" : "/inbox",
      answers: "page",
      link: inboxPageLink,
      handle: (request, { grant }) => handleInbox(request, format, grant, deps),
    })),
    links,
    () => at,
  );
}

function get(path: string, params: Record<string, string> = {}, method = "GET") {
  const query = new URLSearchParams({ token, ...params });
  return serve({ store, links, content: fixedContent(), now: () => now })(
    new Request(`${base}/${path}?${query}`, { method }),
  );
}

const names = (html: string) =>
  [...html.matchAll(/<a class="row" href="[^"]*"><span>([^<]*)<\/span>/g)].map((match) => match[1]);

beforeEach(async () => {
  store = testStore();
  token = await links.inbox.sign(inboxSubject, now);
  return () => store.close();
});

describe("the owner's inbox", () => {
  it("lists every request newest first, with its status, source and estimate, spam left out", async () => {
    await add({ name: "Older Olsen", daysAgo: 3 });
    const id = await add({
      name: "Dana <b>Whit</b>",
      daysAgo: 1,
      zip: "19341",
      source: { landingPage: "/exton", referrer: "www.google.com" },
    });
    await add({ name: "Spammy Bot", daysAgo: 2, status: "spam" });
    await store.setStatus(id, "contacted", now);
    const response = await get("inbox");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(names(html)).toEqual(["Dana &lt;b&gt;Whit&lt;/b&gt;", "Older Olsen"]);
    expect(html).not.toContain("<b>Whit");
    expect(html).toContain('<span class="status contacted">Contacted</span>');
    expect(html).toContain("Carpet Cleaning · Exton");
    expect(html).toContain("· from Google</p>");
    expect(html).toContain("· from Unknown</p>");
    expect(html).toContain("1 spam request not shown: <a");
    expect(html).not.toContain("Spammy Bot");
  });

  it("names a nearby ZIP as itself, near the town whose crew covers it", async () => {
    // 19428 (Conshohocken) is one of Plymouth Meeting's nearby ZIPs; 19462 is its own.
    await add({ name: "Near Nelson", zip: "19428", daysAgo: 2 });
    await add({ name: "Own Owens", zip: "19462" });
    const html = await (await get("inbox")).text();
    expect(html).toContain("Carpet Cleaning · 19428, near Plymouth Meeting");
    expect(html).toContain("Carpet Cleaning · Plymouth Meeting");
    // Filtered by town, a nearby ZIP is listed with the crew that covers it.
    expect(names(await (await get("inbox", { town: "Plymouth Meeting" })).text())).toHaveLength(2);
  });

  it("heads the page with this week's numbers, and last week's a tap away", async () => {
    // Wednesday Nov 25: this week began on Monday Nov 23 in New York.
    const won = await add({
      name: "Tue Won",
      daysAgo: 1,
      source: { landingPage: "/", referrer: "www.bing.com" },
    });
    await store.setStatus(won, "won", now);
    await add({ name: "Sun Last Week", daysAgo: 3 });
    await store.addCount("2026-11-24", "/exton", "call");
    await store.addCount("2026-11-24", "/contact", "form-start");
    await store.addCount("2026-11-24", "/contact", "form-start");
    await store.addCount("2026-11-22", "/", "call");
    const html = await (await get("inbox")).text();
    expect(html).toContain(
      '<h2 id="week-heading">This week <span class="count">Mon Nov 23 – Wed Nov 25</span></h2>',
    );
    const figure = (name: string, value: string) =>
      expect(html).toContain(`<div><dt>${name}</dt><dd>${value}</dd></div>`);
    figure("Requests", "1");
    figure("Won", "1");
    figure("Booked", "0");
    figure("Phone taps", "1");
    figure("Forms started", "2");
    figure("Forms sent", "1");
    expect(html).toContain("<li>Bing: 1</li>");
    expect(html).toContain("<li>/exton: 1</li>");
    const last = /href="(inbox\?[^"]*week=last[^"]*)">Last week&#x27;s numbers/.exec(html)?.[1];
    expect(last).toBeDefined();
    const previous = await (await get("inbox", { week: "last" })).text();
    expect(previous).toContain('Last week <span class="count">Mon Nov 16 – Sun Nov 22</span>');
    expect(previous).toContain("<div><dt>Phone taps</dt><dd>1</dd></div>");
    expect(previous).toContain('<input type="hidden" name="week" value="last"/>');
    // The list below is every request either way.
    expect(names(previous)).toEqual(["Tue Won", "Sun Last Week"]);
  });

  it("links each request to its own page with a token for that request alone", async () => {
    const id = await add({ name: "Robin" });
    const html = await (await get("inbox")).text();
    const href = new RegExp(`href="lead/${id}\\?token=([^"]+)"`).exec(html)?.[1] ?? "";
    const leadToken = decodeURIComponent(href);
    expect(await links.owner.verify(id, leadToken, now)).toBe(true);
    expect(await links.owner.verify(crypto.randomUUID(), leadToken, now)).toBe(false);
    expect(await links.inbox.verify(inboxSubject, leadToken, now)).toBe(false);
  });

  it("lists no spam unless asked, not even a request the owner marked Spam before it was e-mailed", async () => {
    const marked = await add({ name: "Marked Spam" });
    await store.setStatus(marked, "spam", now);
    const html = await (await get("inbox")).text();
    expect(names(html)).toEqual([]);
    expect(html).toContain("1 spam request not shown");
    expect(names(await (await get("inbox", { status: "spam" })).text())).toEqual(["Marked Spam"]);
  });

  it("opened from a push, opens each request read-only, says so, and downloads nothing", async () => {
    const id = await add({ name: "Read Only" });
    token = await links.inbox.sign(inboxSubjects.read, now);
    const html = await (await get("inbox")).text();
    expect(html).toContain("Opened from an alert: requests open read-only.");
    const href = new RegExp(`href="lead/${id}\\?token=([^"]+)"`).exec(html)?.[1] ?? "";
    const leadToken = decodeURIComponent(href);
    expect(await links["owner-read"].verify(id, leadToken, now)).toBe(true);
    expect(await links.owner.verify(id, leadToken, now)).toBe(false);
    // Nor every customer in one file: no download offered, and the file itself refused.
    expect(html).not.toContain("inbox.csv");
    const csv = await get("inbox.csv");
    expect(csv.status).toBe(403);
    const refusal = await csv.text();
    expect(refusal).not.toContain("Read Only");
    expect(refusal).toContain('action="inbox/new-link"');
    // The acting inbox does not say so.
    token = await links.inbox.sign(inboxSubject, now);
    // The shared stylesheet names every page's classes: the page's own words are after it.
    expect((await (await get("inbox")).text()).split("</style>")[1]).not.toContain("read-only");
  });

  it("filters by status, town, service and period, and searches names, e-mails and phones", async () => {
    const won = await add({ name: "Wendy Won", zip: "19341", daysAgo: 2 });
    await store.setStatus(won, "won", now);
    await add({ name: "Kim Kop", zip: "19406", service: "residential", daysAgo: 20 });
    await add({ name: "Far Away", zip: "90210", daysAgo: 40 });
    await add({ name: "Pat Phone", phone: "(610) 555-0177", email: "pat@home.example" });
    await add({ name: "Spam Bot", status: "spam" });
    const shown = async (params: Record<string, string>) =>
      names(await (await get("inbox", params)).text());
    expect(await shown({ status: "won" })).toEqual(["Wendy Won"]);
    expect(await shown({ town: "Exton" })).toEqual(["Wendy Won"]);
    expect(await shown({ town: "outside" })).toEqual(["Far Away"]);
    expect(await shown({ town: "none" })).toEqual(["Pat Phone"]);
    expect(await shown({ service: "residential" })).toEqual(["Kim Kop"]);
    expect(await shown({ period: "7d" })).toEqual(["Pat Phone", "Wendy Won"]);
    expect(await shown({ q: "610-555" })).toEqual(["Pat Phone"]);
    expect(await shown({ q: "HOME.example" })).toEqual(["Pat Phone"]);
    expect(await shown({ q: "kop" })).toEqual(["Kim Kop"]);
    expect(await shown({ status: "spam" })).toEqual(["Spam Bot"]);
    expect(await shown({ status: "all" })).toHaveLength(5);
    // Values the inbox does not offer read as "any".
    expect(await shown({ status: "deleted", town: "Paris", period: "2y" })).toHaveLength(4);
  });

  it("searches the town, the service, the message, the ZIP and where the visit came from", async () => {
    await add({
      name: "Tina Town",
      zip: "19406",
      service: "residential",
      message: "Two cats and a piano room",
    });
    await add({
      name: "Gus Google",
      zip: "90210",
      source: {
        landingPage: "/exton",
        referrer: "www.google.com",
        utm: { source: "google", medium: "cpc", campaign: "fall-exton" },
      },
    });
    await add({ name: "Nora Nextdoor", source: { landingPage: "/", referrer: "nextdoor.com" } });
    await add({ name: "Otto Other", service: "other", otherService: "Gutter rinse" });
    const shown = async (q: string) => names(await (await get("inbox", { q })).text());
    expect(await shown("prussia")).toEqual(["Tina Town"]);
    expect(await shown("Residential")).toEqual(["Tina Town"]);
    expect(await shown("PIANO")).toEqual(["Tina Town"]);
    expect(await shown("19406")).toEqual(["Tina Town"]);
    expect(await shown("90210")).toEqual(["Gus Google"]);
    expect(await shown("google ads")).toEqual(["Gus Google"]);
    expect(await shown("fall-exton")).toEqual(["Gus Google"]);
    expect(await shown("nextdoor")).toEqual(["Nora Nextdoor"]);
    expect(await shown("gutter")).toEqual(["Otto Other"]);
    // The phone's digits still find a number however it is written.
    expect(await shown("484 555")).toHaveLength(4);
    const csv = await (await get("inbox.csv", { q: "prussia" })).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
  });

  it("shows a booked visit's time and received times in words of New York; the phone dials", async () => {
    // Received Tue Nov 24, 21:30 in New York: Wed Nov 25 02:30 UTC.
    const id = await storeSample(store, new Date("2026-11-25T02:30:00Z"), {
      name: "Bea Booked",
      phone: "484.555.0123",
    });
    const booked = await store.changeRequest(
      id,
      {
        status: "booked",
        visit: { start: new Date("2026-12-01T14:00:00Z"), end: new Date("2026-12-01T16:00:00Z") },
        event: { actor: "owner", kind: "booked" },
      },
      now,
    );
    expect(booked.ok).toBe(true);
    const html = await (await get("inbox")).text();
    expect(html).toContain(
      '<p class="visit">Visit <time dateTime="2026-12-01T09:00:00-05:00">Tue Dec 1, 9:00–11:00 AM</time></p>',
    );
    expect(html).toContain(
      '<time dateTime="2026-11-25T02:30:00.000Z">Tue Nov 24, 9:30 PM</time> · from Unknown</p>',
    );
    expect(html).toContain('<a class="call" href="tel:+14845550123">Call (484) 555-0123</a>');
    // No ISO instant is shown as text, only in the machine's attribute.
    const text = html.replace(/<[^>]*>/g, " ");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // A cancelled visit is not shown.
    await store.setStatus(id, "lost", now);
    expect(await (await get("inbox", { status: "lost" })).text()).not.toContain('class="visit"');
  });

  it("keeps the filters in the form, folds them until used, and offers to clear them", async () => {
    await add({ name: "Dana" });
    const plain = await (await get("inbox")).text();
    expect(plain).toContain("<details>");
    expect(plain).not.toContain("Clear filters");
    const filtered = await (await get("inbox", { town: "Exton", q: "da" })).text();
    expect(filtered).toContain('<details open="">');
    expect(filtered).toContain('<option value="Exton" selected="">Exton</option>');
    expect(filtered).toContain('value="da"');
    expect(filtered).toContain(`href="inbox?token=${encodeURIComponent(token)}">Clear filters`);
    expect(filtered).toContain("No request matches these filters.");
  });

  it("pages through long lists, newest first", async () => {
    for (let index = 0; index < inboxPageSize + 3; index += 1)
      await add({ name: `Person ${index}`, daysAgo: 1 + index / 100 });
    const first = await (await get("inbox")).text();
    expect(names(first)).toHaveLength(inboxPageSize);
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('rel="next"');
    const second = await (await get("inbox", { page: "2" })).text();
    expect(names(second)).toEqual(["Person 50", "Person 51", "Person 52"]);
    expect(second).toContain('rel="prev"');
  });

  it("downloads the selection as CSV, spam only when asked", async () => {
    await add({ name: "Dana", zip: "19341", source: { landingPage: "/", referrer: null } });
    await add({ name: "=cmd|' /C calc'!A0", daysAgo: 2 });
    await add({ name: "Spam Bot", status: "spam" });
    const response = await get("inbox.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="quote-requests-2026-11-25.csv"',
    );
    const csv = await response.text();
    const rows = csv.slice(1).trim().split("\r\n");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^"[^"]+","[^"]+","Dana",/);
    expect(rows[1]).toContain('"Direct","/",""');
    expect(rows[2]).toContain(`"'=cmd|' /C calc'!A0"`);
    const town = await (await get("inbox.csv", { town: "Exton" })).text();
    expect(town.trim().split("\r\n")).toHaveLength(2);
    const spam = await (await get("inbox.csv", { status: "spam" })).text();
    expect(spam).toContain('"Spam Bot"');
  });

  it("names the CSV by the business's day, the day its rows' times are on", async () => {
    // 10 PM in New York on Wed Nov 25 (Thu Nov 26 in UTC), a request an hour before.
    const evening = new Date("2026-11-26T03:00:00Z");
    await storeSample(store, new Date("2026-11-26T02:04:00Z"), { name: "Eve Evening" });
    const response = await serve(
      { store, links, content: fixedContent(), now: () => evening },
      evening,
    )(new Request(`${base}/inbox.csv?${new URLSearchParams({ token })}`));
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="quote-requests-2026-11-25.csv"',
    );
    const [, row] = (await response.text()).slice(1).trim().split("\r\n");
    expect(row).toMatch(/^"2026-11-25 9:04 PM","2026-11-25T21:04:00-05:00","Eve Evening",/);
  });

  it("refuses a missing, altered, expired or other-scope token, showing nothing", async () => {
    await add({ name: "Secret Sam" });
    const owner = await links.owner.sign(inboxSubject, now);
    const expired = await links.inbox.sign(inboxSubject, new Date(now.getTime() - 91 * day));
    for (const bad of ["", `${token}x`, owner, expired]) {
      token = bad;
      for (const path of ["inbox", "inbox.csv"]) {
        const response = await get(path);
        expect(response.status, `${path} ${bad}`).toBe(403);
        const text = await response.text();
        expect(text).not.toContain("Secret Sam");
        expect(text).toContain("not valid or has expired");
      }
    }
  });

  it("changes nothing and takes no POST; sends the private page's headers", async () => {
    const response = await get("inbox", {}, "POST");
    expect(response.status).toBe(405);
    const ok = await get("inbox");
    expect(ok.headers.get("referrer-policy")).toBe("no-referrer");
    expect(ok.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const csp = ok.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'; form-action 'self';/);
    const html = await ok.text();
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3)/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it("shows requests whose source, town and service are words an object's prototype also has", async () => {
    const words = ["constructor", "__proto__", "toString", "hasOwnProperty"];
    for (const word of words) {
      const valid = validateContact(validRequest({ name: `Odd ${word}` }));
      if (!valid.ok) throw new Error("invalid sample");
      const id = crypto.randomUUID();
      // Stored as a store could hold it (SQLite keeps what it is given): every key an odd word.
      await store.submit({
        id,
        data: { ...valid.data, service: word as "other" },
        fingerprint: id,
        receivedAt: new Date(now.getTime() - day),
        dedupeWindowMs: 0,
        details: { zip: "19406", inServiceArea: true, town: word },
        source: {
          landingPage: "/exton",
          referrer: word,
          utm: { source: word, medium: word, campaign: word },
        },
      });
    }
    const queries: Record<string, string>[] = [
      {},
      { week: "last" },
      { q: "constructor" },
      { town: "constructor" },
    ];
    for (const params of queries) {
      const response = await get("inbox", params);
      expect(response.status, JSON.stringify(params)).toBe(200);
      const html = await response.text();
      expect(html).not.toMatch(/function|\[native code\]|\[object /);
    }
    const html = await (await get("inbox")).text();
    expect(names(html)).toHaveLength(4);
    for (const word of words) {
      expect(html).toContain(`· from ${word}</p>`);
      expect(html).toContain(`<li>${word}: 1</li>`);
    }
    const csv = await get("inbox.csv");
    expect(csv.status).toBe(200);
    expect(await csv.text()).not.toContain("function");
  });

  it("answers 503 with nothing shown when the store cannot be read", async () => {
    const response = await serve({
      store: await brokenStore(),
      links,
      content: fixedContent(),
      now: () => now,
    })(new Request(`${base}/inbox?token=${token}`));
    expect(response.status).toBe(503);
  });
});
