/**
 * The route table (routes.ts) and what the router (router.ts) does before any handler runs: the
 * link each route needs, 404 and 405, every private link refused by the one check as its feature
 * refuses it, and every route that needs the store answered 503 while it is not open.
 */

import { afterEach, describe, expect, it } from "vitest";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { fixedContent } from "../../tests/support/content-source.ts";
import { testStore } from "../../tests/support/stores.ts";
import { parseContactConfig } from "./base/config.ts";
import { silentLogger } from "./base/log.ts";
import {
  type ContactFunction,
  createContactFunction,
  type OpenedStore,
} from "./contact-function.ts";
import { createLinkSigners, parseLinkSettings } from "./links/links-settings.ts";
import type { LinkScope } from "./links/signed-links.ts";
import { parseOwnerConfig } from "./owner/owner-config.ts";
import { createQueues } from "./queues.ts";
import type { Route } from "./router.ts";
import { contactRoutes } from "./routes.ts";
import { createContentFollower } from "./site/content-follower.ts";

const key = "test-public-key";
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const drainSecret = "drain-secret-of-at-least-32-characters";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
  INBOX_LINK_SECRET: "an-inbox-link-secret-of-enough-length-01234",
  CALENDAR_LINK_SECRET: "a-calendar-link-secret-of-enough-length-012",
  SITE_LINK_SECRET: "a-site-editor-link-secret-of-enough-length-0",
};
const config = parseContactConfig({ CONTACT_PUBLIC_KEY: key, OUTBOX_DRAIN_SECRET: drainSecret });
const owner = parseOwnerConfig(
  { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
  { production: true, defaultFunctionUrl: functionUrl },
);
const signers = createLinkSigners(parseLinkSettings(secrets, secrets.OWNER_LINK_SECRET));
/** The same scopes after every secret was changed: what they signed before is revoked. */
const rotated = createLinkSigners(
  parseLinkSettings(
    Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, `${value}-new`])),
    `${secrets.OWNER_LINK_SECRET}-new`,
  ),
);

const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

/** The table as the function builds it, from the same settings. */
function table(): Route[] {
  const links = createLinkSigners(owner.links);
  const inboxLink = async () => "";
  return contactRoutes({
    config,
    owner,
    links,
    store: () => null,
    retryAfterSeconds: () => 5,
    limiters: () => {
      throw new Error("not asked by the table");
    },
    queues: createQueues({
      config,
      owner,
      links,
      inboxLink,
      mailer: noMail,
      content: fixedContent(),
      log: silentLogger,
    }),
    content: fixedContent(),
    countKey: Promise.resolve("count-key"),
    inboxLink,
    publishing: createContentFollower({ store: () => null, log: silentLogger }),
    log: silentLogger,
  });
}

const noMail = {
  async send() {
    return "test";
  },
  async close() {},
};

function setup(openStore: () => Promise<OpenedStore> = async () => ({ store: testStore() })) {
  const fn = createContactFunction({
    config,
    owner,
    openStore,
    mailer: noMail,
    log: silentLogger,
    reopenDelayMs: 30_000,
  });
  running.push(fn);
  return fn;
}

const call = (fn: ContactFunction, path: string, init?: RequestInit) =>
  fn.fetch(new Request(`${functionUrl}${path}`, init), { peer: "127.0.0.1" });

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

/** Each route's path with parameters of the right shape. */
const params = {
  id: crypto.randomUUID(),
  hash: "ab".repeat(32),
  name: "visits",
  version: "7",
  page: "exton",
  file: `${"0f".repeat(16)}-480.jpg`,
};
const concrete = (path: string, values: Record<string, string> = params) =>
  path.replace(/:([a-z]+)/g, (_, name: string) => values[name] ?? "");

describe("the route table", () => {
  it("lists each route's methods, the links that open it, and whether it needs the store", () => {
    const rows = table().map((route) => ({
      route: `${route.method} ${route.path}`,
      opens: route.link?.accepts(params).map(({ scope, subject }) => `${scope}:${subject}`) ?? [],
      store: route.needsStore ?? false,
      isolated: route.privatePage ?? false,
    }));
    const { id, hash } = params;
    expect(rows).toEqual([
      { route: "POST OPTIONS ", opens: [], store: false, isolated: false },
      { route: "POST /drain", opens: [], store: false, isolated: false },
      { route: "POST /count", opens: [], store: true, isolated: false },
      { route: "GET HEAD /content", opens: [], store: true, isolated: false },
      {
        route: "GET HEAD /inbox",
        opens: ["inbox:inbox", "inbox:inbox:read"],
        store: true,
        isolated: true,
      },
      // Anyone may ask for a fresh link: it goes to the business's own address only.
      { route: "GET HEAD POST /inbox/new-link", opens: [], store: true, isolated: true },
      {
        route: "GET HEAD /inbox.csv",
        opens: ["inbox:inbox", "inbox:inbox:read"],
        store: true,
        isolated: true,
      },
      {
        route: "GET HEAD /lead/:id",
        opens: [`owner:${id}`, `owner-read:${id}`],
        store: true,
        isolated: true,
      },
      { route: "POST /lead/:id", opens: [`owner:${id}`], store: true, isolated: true },
      { route: "POST /lead/:id/visit", opens: [`owner:${id}`], store: true, isolated: true },
      { route: "GET HEAD /request/:id", opens: [`visitor:${id}`], store: true, isolated: true },
      { route: "POST /request/:id", opens: [`visitor:${id}`], store: true, isolated: true },
      {
        route: "GET HEAD /request/:id/visit.ics",
        opens: [`visitor:${id}`],
        store: true,
        isolated: true,
      },
      {
        route: "GET HEAD POST /opt-out/:hash",
        opens: [`visitor:opt-out:${hash}`],
        store: true,
        isolated: true,
      },
      {
        route: "GET HEAD POST /site/pictures",
        opens: ["site:site"],
        store: true,
        isolated: true,
      },
      { route: "GET HEAD /pictures/:file", opens: [], store: true, isolated: false },
      { route: "GET HEAD /site", opens: ["site:site"], store: true, isolated: true },
      { route: "GET HEAD POST /site/new-link", opens: [], store: true, isolated: true },
      {
        route: "GET HEAD POST /site/restore/first",
        opens: ["site:site"],
        store: true,
        isolated: true,
      },
      {
        route: "GET HEAD POST /site/restore/:version",
        opens: ["site:site"],
        store: true,
        isolated: true,
      },
      {
        route: "GET HEAD POST /site/undo/:version",
        opens: ["site:site"],
        store: true,
        isolated: true,
      },
      { route: "GET HEAD /site/pages/:page", opens: ["site:site"], store: true, isolated: true },
      { route: "POST /site/pages/:page", opens: ["site:site"], store: true, isolated: true },
      {
        route: "POST /site/pages/:page/preview",
        opens: ["site:site"],
        store: true,
        isolated: true,
      },
      { route: "GET HEAD /site/:name", opens: ["site:site"], store: true, isolated: true },
      { route: "POST /site/:name", opens: ["site:site"], store: true, isolated: true },
      { route: "POST /site/:name/preview", opens: ["site:site"], store: true, isolated: true },
      {
        route: "GET HEAD /calendar/:name.ics",
        opens: ["calendar:visits"],
        store: true,
        isolated: false,
      },
    ]);
    // Only the one feed there is: another name is opened by no token.
    const feed = table().find((route) => route.path === "/calendar/:name.ics");
    expect(feed?.link?.accepts({ name: "other" })).toEqual([]);
  });

  it("answers a path it has no route for 404, and a method a path does not take 405 with Allow", async () => {
    const fn = setup();
    await fn.start();
    for (const path of [
      "/other",
      "/lead",
      "/lead/not-an-id!",
      "/calendar/VISITS.ics",
      "/inbox/x",
    ]) {
      const response = await call(fn, path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "No such function." });
    }
    const allowed = new Map<string, string[]>();
    for (const route of table())
      allowed.set(route.path, [...(allowed.get(route.path) ?? []), ...route.method.split(" ")]);
    for (const [path, methods] of allowed) {
      const response = await call(fn, concrete(path), { method: "DELETE" });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow")?.split(", "), path).toEqual(methods);
    }
    // The quote request's own words, as before the table.
    expect(await (await call(fn, "", { method: "GET" })).json()).toEqual({
      error: "Use POST to send a quote request.",
    });
  });
});

describe("the one check of a private link", () => {
  /** What each private route (its row in the table) is sent, and the (scope, subject) of its good link. */
  const privateRoutes = (id: string, hash: string) =>
    [
      { row: "GET HEAD /inbox", path: "/inbox", scope: "inbox", subject: "inbox" },
      { row: "GET HEAD /inbox.csv", path: "/inbox.csv", scope: "inbox", subject: "inbox" },
      { row: "GET HEAD /lead/:id", path: `/lead/${id}`, scope: "owner", subject: id },
      {
        row: "POST /lead/:id",
        path: `/lead/${id}`,
        scope: "owner",
        subject: id,
        init: form({ status: "won" }),
      },
      {
        row: "POST /lead/:id/visit",
        path: `/lead/${id}/visit`,
        scope: "owner",
        subject: id,
        init: form({ action: "cancel", confirm: "yes", sequence: "0" }),
      },
      { row: "GET HEAD /request/:id", path: `/request/${id}`, scope: "visitor", subject: id },
      {
        row: "POST /request/:id",
        path: `/request/${id}`,
        scope: "visitor",
        subject: id,
        init: form({ action: "cancel", confirm: "yes" }),
      },
      {
        row: "GET HEAD /request/:id/visit.ics",
        path: `/request/${id}/visit.ics`,
        scope: "visitor",
        subject: id,
      },
      {
        row: "GET HEAD POST /opt-out/:hash",
        path: `/opt-out/${hash}`,
        scope: "visitor",
        subject: `opt-out:${hash}`,
      },
      {
        row: "GET HEAD POST /opt-out/:hash",
        path: `/opt-out/${hash}`,
        scope: "visitor",
        subject: `opt-out:${hash}`,
        init: form({}),
      },
      { row: "GET HEAD /site", path: "/site", scope: "site", subject: "site" },
      { row: "GET HEAD /site/:name", path: "/site/contact", scope: "site", subject: "site" },
      { row: "GET HEAD /site/:name", path: "/site/pages", scope: "site", subject: "site" },
      {
        row: "GET HEAD /site/pages/:page",
        path: "/site/pages/exton",
        scope: "site",
        subject: "site",
      },
      {
        row: "POST /site/pages/:page",
        path: "/site/pages/exton",
        scope: "site",
        subject: "site",
        init: form({ "pages.towns.exton.county": "Chester County" }),
      },
      {
        row: "POST /site/pages/:page/preview",
        path: "/site/pages/exton/preview",
        scope: "site",
        subject: "site",
        init: form({ "pages.towns.exton.county": "Chester County" }),
      },
      {
        row: "POST /site/:name",
        path: "/site/contact",
        scope: "site",
        subject: "site",
        init: form({ "contact.phone": "(484) 555-0199" }),
      },
      {
        row: "POST /site/:name/preview",
        path: "/site/contact/preview",
        scope: "site",
        subject: "site",
        init: form({ "contact.phone": "(484) 555-0199" }),
      },
      {
        row: "GET HEAD POST /site/restore/first",
        path: "/site/restore/first",
        scope: "site",
        subject: "site",
        init: form({}),
      },
      {
        row: "GET HEAD POST /site/pictures",
        path: "/site/pictures",
        scope: "site",
        subject: "site",
      },
      {
        row: "GET HEAD POST /site/pictures",
        path: "/site/pictures",
        scope: "site",
        subject: "site",
        init: form({ slot: "home-hero", action: "illustration" }),
      },
      {
        row: "GET HEAD /calendar/:name.ics",
        path: "/calendar/visits.ics",
        scope: "calendar",
        subject: "visits",
      },
    ] as { row: string; path: string; scope: LinkScope; subject: string; init?: RequestInit }[];

  it("refuses a missing, altered, expired, revoked or other scope's token as each page did", async () => {
    const fn = setup();
    await fn.start();
    const stored = await call(fn, "", {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify(validRequest({ name: "Dana Whitfield" })),
    });
    const { id } = (await stored.json()) as { id: string };
    const hash = "cd".repeat(32);
    /** What the owner's and the visitor's posts change (the e-mail's delivery goes on by itself). */
    const state = async () => {
      const lead = await fn.store?.get(id);
      return {
        status: lead?.status,
        visit: lead?.visit,
        address: lead?.serviceAddress,
        events: (await fn.store?.listEvents(id))?.length,
        optedOut: await fn.store?.isOptedOut(hash),
        content: (await fn.store?.liveContent())?.version ?? null,
      };
    };
    const rows = new Map(table().map((route) => [`${route.method} ${route.path}`, route]));
    for (const { row, path, scope, subject, init } of privateRoutes(id, hash)) {
      const before = await state();
      const refusal = await rows.get(row)?.link?.refused(new Request(`${functionUrl}${path}`));
      expect(refusal, row).toBeDefined();
      const expectedBody = await refusal?.text();
      const now = new Date();
      const good = await signers[scope].sign(subject, now);
      const otherScope: LinkScope = scope === "visitor" ? "owner" : "visitor";
      const tokens = {
        missing: null,
        altered: good.replace(/.$/, (last) => (last === "A" ? "B" : "A")),
        expired: await signers[scope].sign(subject, new Date(now.getTime() - 60_000), 1000),
        revoked: await rotated[scope].sign(subject, now),
        "other scope": await signers[otherScope].sign(subject, now),
      };
      for (const [kind, token] of Object.entries(tokens)) {
        const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
        const response = await call(fn, `${path}${query}`, init);
        const what = `${kind} token, ${init?.method ?? "GET"} ${path}`;
        expect(response.status, what).toBe(refusal?.status);
        const body = await response.text();
        expect(body, what).toBe(expectedBody);
        expect(body, what).not.toContain("Dana");
        expect(response.headers.get("cross-origin-opener-policy"), what).toBe(
          path.startsWith("/calendar/") ? null : "same-origin",
        );
      }
      // Nothing was changed by any of them.
      expect(await state(), row).toEqual(before);
      // The good link gets past the check (the calendar file of a request without a visit is
      // refused by its handler, as before).
      if (row.includes("visit.ics")) continue;
      const opened = await call(fn, `${path}?token=${encodeURIComponent(good)}`, init);
      expect(opened.status, `good token, ${row}`).not.toBe(refusal?.status);
    }
  });
});

describe("a store that is not open", () => {
  /** A request each route that needs the store would take, with a good link where it needs one. */
  async function requestFor(route: Route): Promise<Request> {
    const [method = "GET"] = route.method.split(" ");
    const [link] = route.link?.accepts(params) ?? [];
    const token = link
      ? `?token=${encodeURIComponent(await signers[link.scope].sign(link.subject, new Date()))}`
      : "";
    const body = method === "POST" ? new URLSearchParams({ action: "cancel" }) : undefined;
    return new Request(`${functionUrl}${concrete(route.path)}${token}`, {
      method,
      headers: { origin: config.siteUrl, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  }

  it("answers 503 with Retry-After, in words, on every route that needs it, yet and after stop", async () => {
    const never = setup(async () => {
      throw new Error("disk not mounted yet");
    });
    await never.start();
    const closed = setup();
    await closed.start();
    expect(closed.store).not.toBeNull();
    await closed.stop();
    expect(closed.store).toBeNull();
    const needing = table().filter((route) => route.needsStore);
    expect(needing.length).toBe(26);
    for (const fn of [never, closed])
      for (const route of needing) {
        const response = await fn.fetch(await requestFor(route), { peer: "127.0.0.1" });
        const what = `${route.method} ${route.path}`;
        expect(response.status, what).toBe(503);
        expect(Number(response.headers.get("retry-after")), what).toBeGreaterThanOrEqual(1);
        if (route.answers === "page") {
          expect(response.headers.get("content-type"), what).toBe("text/html; charset=utf-8");
          expect(await response.text(), what).toContain("Please try again in a minute.");
          expect(response.headers.get("cross-origin-opener-policy"), what).toBe("same-origin");
        }
        if (route.answers === "json")
          expect(await response.json(), what).toEqual({
            error: "The service cannot take this right now. Please try again in a minute.",
          });
      }
    // The first retry is half a minute away: the pages say so.
    const page = await never.fetch(await requestFor(needing[2] as Route), { peer: "127.0.0.1" });
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(20);
  });

  it("answers the quote request 503 with Retry-After after its checks, its words kept for a form", async () => {
    const fn = setup(async () => {
      throw new Error("disk not mounted yet");
    });
    await fn.start();
    const json = await call(fn, "", {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json", origin: config.siteUrl },
      body: JSON.stringify(validRequest()),
    });
    expect(json.status).toBe(503);
    expect(Number(json.headers.get("retry-after"))).toBeGreaterThan(20);
    expect(json.headers.get("access-control-allow-origin")).toBe(config.siteUrl);
    // A wrong key is still told so: the store is the last thing the request needs.
    const badKey = await call(fn, "", {
      method: "POST",
      headers: { apikey: "wrong", "content-type": "application/json" },
      body: JSON.stringify(validRequest()),
    });
    expect(badKey.status).toBe(401);
    // The preflight needs no store.
    const preflight = await call(fn, "", {
      method: "OPTIONS",
      headers: { origin: config.siteUrl, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    // The drain, behind its secret, says the store is not open.
    const drain = await call(fn, "/drain", {
      method: "POST",
      headers: { authorization: `Bearer ${drainSecret}` },
    });
    expect(drain.status).toBe(503);
  });
});
