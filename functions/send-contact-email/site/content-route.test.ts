/**
 * GET …/content through the whole function (router, route table), on the SQLite store and on a
 * real Postgres: the repository's document until something is published, then the live version,
 * public, never cached, with an ETag that changes with the version; and the limit per client
 * address that it shares with the pictures.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import {
  type LocalPostgres,
  postgresRuns,
  startLocalPostgres,
} from "../../../tests/integration/support/postgres.ts";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import { parseContactConfig } from "../base/config.ts";
import { silentLogger } from "../base/log.ts";
import {
  type ContactFunction,
  createContactFunction,
  type FunctionStore,
} from "../contact-function.ts";
import { openPostgresStore } from "../database/postgres-store.ts";
import { parseOwnerConfig } from "../owner/owner-config.ts";
import { applyMigrations } from "../store/migrations.ts";
import type { PublishedContent } from "./content-route.ts";

const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const config = parseContactConfig({ CONTACT_PUBLIC_KEY: "test-public-key" });
const owner = parseOwnerConfig(
  { OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123", DIGEST_TIME: "off" },
  { production: true, defaultFunctionUrl: functionUrl },
);
const noMail = {
  async send() {
    return "test";
  },
  async close() {},
};

const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

async function functionWith(store: FunctionStore): Promise<ContactFunction> {
  const fn = createContactFunction({
    config,
    owner,
    openStore: async () => ({ store }),
    mailer: noMail,
    log: silentLogger,
  });
  running.push(fn);
  await fn.start();
  return fn;
}

const get = (fn: ContactFunction, init: RequestInit = {}) =>
  fn.fetch(new Request(`${functionUrl}/content`, init), { peer: "127.0.0.1" });

function withPhone(phone: string) {
  const document = structuredClone(repositoryContent) as { contact: { phone: string } };
  document.contact.phone = phone;
  return document;
}

function describeContentRoute(name: string, open: () => Promise<FunctionStore>) {
  describe(`GET …/content (${name})`, () => {
    it("answers the repository's document, version null, while nothing is published", async () => {
      const fn = await functionWith(await open());
      const response = await get(fn);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag")).toMatch(/^"[\w-]{43}"$/);
      // Public: no link, no key, and nothing of a private page.
      expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
      expect(await response.json()).toEqual({
        version: null,
        publishedAt: null,
        document: repositoryContent,
      });
    });

    it("answers the live version once published, with a new ETag; the same one again is 304", async () => {
      const store = await open();
      const fn = await functionWith(store);
      const before = (await get(fn)).headers.get("etag") ?? "";
      await store.publishContent({ document: withPhone("(484) 555-0101"), changes: ["first"] });
      const second = await store.publishContent({
        document: withPhone("(484) 555-0199"),
        changes: ["second"],
      });

      const response = await get(fn, { headers: { "if-none-match": before } });
      expect(response.status).toBe(200);
      const etag = response.headers.get("etag") ?? "";
      expect(etag).not.toBe(before);
      const body = (await response.json()) as PublishedContent;
      expect(body).toEqual({
        version: 2,
        publishedAt: second.publishedAt,
        document: withPhone("(484) 555-0199"),
      });

      const again = await get(fn, { headers: { "if-none-match": `W/"other", ${etag}` } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("no-store");

      const head = await get(fn, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(etag);
      expect(await head.text()).toBe("");
    });

    it("takes GET and HEAD only", async () => {
      const fn = await functionWith(await open());
      const response = await get(fn, { method: "POST", body: "{}" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
    });
  });
}

describeContentRoute("SQLite store", async () => testStore());

describe("GET …/content on a store that fails", () => {
  it("answers 503 with Retry-After, not a document that may be old", async () => {
    const fn = await functionWith(await brokenStore());
    const response = await get(fn);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the public reads' limit (content and pictures, per client address)", () => {
  const limited = (env: Record<string, string>) =>
    createContactFunction({
      config: parseContactConfig({ CONTACT_PUBLIC_KEY: "test-public-key", ...env }),
      owner,
      openStore: async () => ({ store: testStore() }),
      mailer: noMail,
      log: silentLogger,
    });
  const read = (fn: ContactFunction, path: string, peer: string) =>
    fn.fetch(new Request(`${functionUrl}${path}`), { peer });

  it("answers 429 with Retry-After past PUBLIC_READ_RATE_LIMIT_MAX, one count for both routes, each address its own", async () => {
    const fn = limited({ PUBLIC_READ_RATE_LIMIT_MAX: "3" });
    running.push(fn);
    await fn.start();
    const picture = `/pictures/${"0".repeat(32)}-480.jpg`;
    expect((await read(fn, "/content", "203.0.113.7")).status).toBe(200);
    expect((await read(fn, picture, "203.0.113.7")).status).toBe(404);
    expect((await read(fn, "/content", "203.0.113.7")).status).toBe(200);
    for (const path of ["/content", picture]) {
      const refused = await read(fn, path, "203.0.113.7");
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after")), path).toBeGreaterThan(0);
      expect(refused.headers.get("cache-control"), path).toBe("no-store");
      expect(((await refused.json()) as { error: string }).error, path).toMatch(/^Too many/);
    }
    // Another address reads on; the visitor's quote request is not counted here.
    expect((await read(fn, "/content", "198.51.100.4")).status).toBe(200);
  });

  it("is lifted by RATE_LIMIT_DISABLED, as the form's is", async () => {
    const fn = limited({ PUBLIC_READ_RATE_LIMIT_MAX: "1", RATE_LIMIT_DISABLED: "true" });
    running.push(fn);
    await fn.start();
    for (let count = 0; count < 3; count += 1)
      expect((await read(fn, "/content", "203.0.113.7")).status).toBe(200);
  });
});

describe.skipIf(!postgresRuns)("on Postgres", () => {
  let pg: LocalPostgres;
  let databases = 0;
  beforeAll(async () => {
    pg = await startLocalPostgres();
    pg.createDatabase("content_route");
    const store = openPostgresStore({ url: pg.urlFor("content_route") });
    await applyMigrations(store.sql);
    await store.close();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  describeContentRoute("Postgres store", async () => {
    databases += 1;
    const name = `content_route_${databases}`;
    pg.psql(`create database ${name} template content_route`);
    return openPostgresStore({ url: pg.urlFor(name) });
  });
});
