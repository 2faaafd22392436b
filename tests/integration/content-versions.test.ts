/**
 * Several `npm start` servers on one Postgres follow the live content version
 * (docs/content-versions.md): a version published by any of them (a row in the one database) is
 * what every server's function uses within its check interval, a server started later begins on
 * it, and a stored document that fails the content check is switched in by none. Seen from
 * outside as a visitor's request sees it: the welcome offer's id carries its percent, so the
 * function's own check of a request accepts the new percent's offer and refuses the old one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openPostgresStore,
  type PostgresStore,
} from "../../functions/send-contact-email/postgres/postgres-store.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { functionPath } from "./contract-cases.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { waitUntil } from "./support/ports.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { type HostProcess, startNodeServer } from "./support/processes.ts";

const checkMs = 300;

const settings = {
  CONTACT_PUBLIC_KEY: "sb_publishable_contract-test-key",
  ALLOWED_ORIGINS: "https://www.example.org",
  MAIL_TO: "owner@example.com",
  OWNER_LINK_SECRET: "content-versions-test-owner-link-secret-01",
  CONTENT_CHECK_MS: String(checkMs),
  // The test asks every few ms; the rate limit is not what is looked at here.
  RATE_LIMIT_MAX: "1000000",
};

function withPercent(percentOff: number) {
  const document = structuredClone(repositoryContent) as { offer: { percentOff: number } };
  document.offer.percentOff = percentOff;
  return document;
}

/**
 * Whether this server's function takes the welcome offer at `percent`: a request with nothing
 * else is refused (400, nothing stored, no e-mail) and says which fields are wrong.
 */
async function takesOffer(server: HostProcess, percent: number): Promise<boolean> {
  const response = await fetch(`${server.url}${functionPath}`, {
    method: "POST",
    headers: {
      apikey: settings.CONTACT_PUBLIC_KEY,
      "content-type": "application/json",
    },
    body: JSON.stringify({ offer: `welcome-${percent}` }),
  });
  expect(response.status).toBe(400);
  const { fields } = (await response.json()) as { fields: Record<string, string> };
  expect(fields).toHaveProperty("name");
  return !("offer" in fields);
}

describe.skipIf(!postgresRuns)("servers on one Postgres follow the live content version", () => {
  let folder = "";
  let pg: LocalPostgres;
  let databaseUrl = "";
  let store: PostgresStore;
  let servers: HostProcess[] = [];

  const start = async (name: string) =>
    startNodeServer(
      {
        ...settings,
        STATIC_DIR: await createFakeSite(join(folder, name)),
        DATA_DIR: join(folder, `data-${name}`),
        DATABASE_URL: databaseUrl,
        SMTP_URL: "",
      },
      folder,
    );

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "content-versions-"));
    pg = await startLocalPostgres();
    databaseUrl = pg.createDatabase("website");
    servers = await Promise.all(["a", "b"].map(start));
    store = openPostgresStore({ url: databaseUrl, maxConnections: 1 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await store?.close();
    await pg?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("start on the repository's version while none is published", async () => {
    for (const server of servers) {
      expect(await takesOffer(server, 20)).toBe(true);
      expect(await takesOffer(server, 25)).toBe(false);
    }
  });

  it("all switch to a published version within the check interval", async () => {
    const published = Date.now();
    await store.publishContent({
      document: withPercent(25),
      changes: ["Welcome offer: 20% → 25%"],
    });
    const switchedAfterMs = await Promise.all(
      servers.map(async (server) => {
        await waitUntil(() => takesOffer(server, 25), {
          timeoutMs: 15_000,
          intervalMs: 50,
          what: "the server to take the new offer",
        });
        return Date.now() - published;
      }),
    );
    for (const server of servers) {
      expect(await takesOffer(server, 20)).toBe(false);
      expect(server.output()).toMatch(/content version live version=1/);
    }
    // The interval plus a loaded machine's slack: never a restart, never the next minute.
    for (const ms of switchedAfterMs) expect(ms).toBeLessThan(checkMs + 5000);
    process.stdout.write(`publish to switch on both servers: ${switchedAfterMs.join(", ")} ms\n`);
  });

  it("a server started after the publish serves the live version from its first request", async () => {
    const late = await start("late");
    servers.push(late);
    expect(await takesOffer(late, 25)).toBe(true);
    expect(await takesOffer(late, 20)).toBe(false);
  });

  it("none switches in a stored document that fails the content check; a good one after it goes live", async () => {
    // Only a broken database or a hand-made row could hold one: the editor checks before storing.
    const bad = withPercent(120);
    pg.psql(
      `insert into public.content_versions (document, changes)
       values ('${JSON.stringify(bad).replaceAll("'", "''")}'::json, '[]'::json)`,
      { database: "website" },
    );
    await waitUntil(
      () => servers.every((server) => /content version not made live/.test(server.output())),
      { timeoutMs: 15_000, what: "every server to refuse the bad version" },
    );
    for (const server of servers) {
      expect(server.output()).toMatch(/version=2 serving=1 reason="the stored document does not/);
      expect(await takesOffer(server, 25)).toBe(true);
      expect(await takesOffer(server, 120)).toBe(false);
    }
    await store.publishContent({ document: withPercent(30), changes: [] });
    for (const server of servers)
      await waitUntil(() => takesOffer(server, 30), {
        timeoutMs: 15_000,
        what: "the server to take the version after the bad one",
      });
  });
});
