/**
 * Several `npm start` servers on one Postgres follow the live content version
 * (docs/content-versions.md): a version published by any of them (a row in the one database) is
 * what every server's pages and function show once it has made the pages again from the build
 * (server/site-render/), a server started later takes it up, and a stored document that fails the
 * content check is switched in by none. Seen from
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
} from "../../functions/send-contact-email/database/postgres-store.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { functionPath } from "./contract-cases.ts";
import { waitUntil } from "./support/ports.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { type HostProcess, startNodeServer } from "./support/processes.ts";

const checkMs = 300;
/** Making the pages again takes seconds, tens of them on a loaded machine, per server. */
const renderWaitMs = 180_000;
const builtSite = join(import.meta.dirname, "../../build/client");

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
        // The real build: a published version is rendered from its server build before the
        // function switches (a folder without one could never show the version).
        STATIC_DIR: builtSite,
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

  it(
    "all switch to a published version, their pages first",
    async () => {
      const published = Date.now();
      await store.publishContent({
        document: withPercent(25),
        changes: ["Welcome offer: 20% → 25%"],
      });
      const switchedAfterMs = await Promise.all(
        servers.map(async (server) => {
          await waitUntil(() => takesOffer(server, 25), {
            timeoutMs: renderWaitMs,
            intervalMs: 100,
            what: "the server to take the new offer",
          });
          return Date.now() - published;
        }),
      );
      for (const server of servers) {
        expect(await takesOffer(server, 20)).toBe(false);
        expect(server.output()).toMatch(/content version live version=1/);
      }
      // How long it took is a figure (npm run bench:publish), not a test: this machine is shared.
      process.stdout.write(`publish to switch on both servers: ${switchedAfterMs.join(", ")} ms\n`);
    },
    2 * renderWaitMs,
  );

  it(
    "a server started after the publish takes up the live version once its pages are made",
    async () => {
      const late = await start("late");
      servers.push(late);
      await waitUntil(() => takesOffer(late, 25), {
        timeoutMs: renderWaitMs,
        intervalMs: 100,
        what: "the late server to take the live offer",
      });
      expect(await takesOffer(late, 20)).toBe(false);
      // Its pages too: the popup's page is made again with the new percent.
      const popup = await (await fetch(`${late.url}/welcome-offer.html`)).text();
      expect(popup).toContain("25%");
      expect(popup).not.toContain("20%");
    },
    2 * renderWaitMs,
  );

  it(
    "none switches in a stored document that fails the content check; a good one after it goes live",
    async () => {
      // Only a broken database or a hand-made row could hold one: the editor checks before storing.
      const bad = withPercent(120);
      pg.psql(
        `insert into public.content_versions (document, changes)
       values ('${JSON.stringify(bad).replaceAll("'", "''")}'::json, '[]'::json)`,
        { database: "website" },
      );
      await Promise.all(
        servers.map((server) =>
          server.waitForOutput(
            /content version not made live/,
            15_000,
            "every server to refuse the bad version",
          ),
        ),
      );
      for (const server of servers) {
        expect(server.output()).toMatch(/version=2 serving=1 reason="the stored document does not/);
        expect(await takesOffer(server, 25)).toBe(true);
        expect(await takesOffer(server, 120)).toBe(false);
      }
      await store.publishContent({ document: withPercent(30), changes: [] });
      for (const server of servers)
        await waitUntil(() => takesOffer(server, 30), {
          timeoutMs: renderWaitMs,
          what: "the server to take the version after the bad one",
        });
    },
    3 * renderWaitMs,
  );
});
