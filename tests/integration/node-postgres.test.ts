/**
 * The embedded server with DATABASE_URL: two real server processes on one real Postgres, as behind
 * a load balancer. The whole contract against one of them, then what the pair must share: the
 * schema (both apply the migrations at start, at the same moment), repeats, the rate limit, and
 * every e-mail sent once. `npm run leads` reads the same database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContractHost, describeContactContract, functionPath } from "./contract-cases.ts";
import { describeInboxContract, inboxSettings } from "./inbox-cases.ts";
import { drainQueues, drainSecret } from "./support/drain.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { unusedPort } from "./support/ports.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { type HostProcess, runLeads, startNodeServer } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";
import { delivered, mailsTo, type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

const settings = {
  CONTACT_PUBLIC_KEY: "sb_publishable_contract-test-key",
  ALLOWED_ORIGINS: "https://www.example.org",
  MAIL_TO: "owner@example.com",
  MAIL_FROM: "Keystone Shine Website <website@example.com>",
  RATE_LIMIT_MAX: "3",
  TRUST_PROXY: "1",
  OUTBOX_RETRY_BASE_MS: "100",
  OUTBOX_RETRY_MAX_MS: "400",
  // Above what these tests send: the cap itself is not under test here, its shared count is.
  MAIL_HOURLY_CAP: "1000",
  ACKNOWLEDGEMENT_HOURLY_CAP: "1000",
  // Required with DATABASE_URL: both servers sign the owner's links alike.
  OWNER_LINK_SECRET: "node-postgres-test-owner-link-secret-0123",
  OUTBOX_DRAIN_SECRET: drainSecret,
  ...inboxSettings,
};

describe.skipIf(!postgresRuns)("embedded server on Postgres (DATABASE_URL)", () => {
  let folder = "";
  let pg: LocalPostgres;
  let databaseUrl = "";
  let smtp: SmtpSink;
  let servers: HostProcess[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "node-postgres-"));
    pg = await startLocalPostgres();
    databaseUrl = pg.createDatabase("website");
    smtp = await startSmtpSink();
    const staticDir = await createFakeSite(folder);
    // Both at once, on an empty database: the migration lock lets exactly one create the schema.
    servers = await Promise.all(
      ["a", "b"].map((name) =>
        startNodeServer(
          {
            ...settings,
            STATIC_DIR: staticDir,
            DATA_DIR: join(folder, `data-${name}`),
            DATABASE_URL: databaseUrl,
            SMTP_URL: smtp.url,
          },
          folder,
        ),
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.stop();
    await pg?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const host: () => ContractHost = () => ({
    projectUrl: servers[0]?.url ?? "",
    publicKey: settings.CONTACT_PUBLIC_KEY,
    allowedOrigin: settings.ALLOWED_ORIGINS,
    rateLimitMax: Number(settings.RATE_LIMIT_MAX),
    mailTo: settings.MAIL_TO,
    waitForMail: async (id) => delivered(await smtp.waitForRequest(id)),
    mailCount: (id) => smtp.forRequest(id).length,
    // Both servers send from the one database: each runs its pass.
    drain: async () => {
      for (const server of servers) await drainQueues(`${server.url}${functionPath}`);
    },
    async withStoreUnavailable(work) {
      // The table is gone for a moment: every insert fails until it is back.
      pg.psql("alter table public.contact_requests rename to contact_requests_away", {
        database: "website",
      });
      try {
        return await work(servers[0]?.url ?? "");
      } finally {
        pg.psql("alter table public.contact_requests_away rename to contact_requests", {
          database: "website",
        });
      }
    },
  });

  describeContactContract("Node server on Postgres", host);
  describeInboxContract("Node server on Postgres", () => ({
    ...host(),
    ownerLinkSecret: settings.OWNER_LINK_SECRET,
    reviewUrl: settings.REVIEW_URL,
    mailsTo: (address) => mailsTo(smtp, address),
  }));

  describe("two servers, one database", () => {
    const post = (server: HostProcess | undefined, body: unknown, client: string) =>
      fetch(`${server?.url}${functionPath}`, {
        method: "POST",
        headers: {
          apikey: settings.CONTACT_PUBLIC_KEY,
          "content-type": "application/json",
          "x-forwarded-for": client,
        },
        body: JSON.stringify(body),
      });

    it("created the schema once while both started", () => {
      expect(servers.map((server) => server.output()).join("")).toMatch(/migrations applied/);
      expect(
        servers.filter((server) => server.output().includes("database migrations applied")),
      ).toHaveLength(1);
    });

    it("answers a repeat sent to the other server with the first id, and e-mails once", async () => {
      const input = validRequest({ message: "Repeat across servers" });
      const first = (await (await post(servers[0], input, "192.0.2.10")).json()) as { id: string };
      const repeat = (await (await post(servers[1], input, "192.0.2.11")).json()) as {
        id: string;
      };
      expect(repeat.id).toBe(first.id);
      await smtp.waitForRequest(first.id);
      await host().drain();
      expect(smtp.forRequest(first.id)).toHaveLength(1);
    });

    it("counts one client's requests on both servers against one limit", async () => {
      const client = "198.51.100.23";
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const input = validRequest({ message: `Limit ${index}` });
        statuses.push((await post(servers[index % 2], input, client)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it("e-mails every request exactly once, whichever server took it", async () => {
      const ids: string[] = [];
      await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const input = validRequest({
            message: `Burst ${index}`,
            email: `burst-${index}@example.org`,
          });
          const response = await post(servers[index % 2], input, `203.0.113.${index}`);
          ids.push(((await response.json()) as { id: string }).id);
        }),
      );
      await smtp.until(
        () => ids.every((id) => smtp.forRequest(id).length > 0),
        20_000,
        "every e-mail",
      );
      await host().drain();
      expect(ids.filter((id) => smtp.forRequest(id).length !== 1)).toEqual([]);
      // Each visitor's acknowledgement, once too, whichever server sent it.
      await smtp.until(
        () => ids.every((id) => smtp.visitorMail(`acknowledgement:${id}`).length > 0),
        20_000,
        "every acknowledgement",
      );
      expect(ids.filter((id) => smtp.visitorMail(`acknowledgement:${id}`).length !== 1)).toEqual(
        [],
      );
      // Both servers count what they sent the owner in the database: one hourly cap for the two
      // (the visitors' e-mails are not the owner's inbox and do not count).
      const counted = pg.psql("select coalesce(sum(sent), 0) from public.contact_mail_hours", {
        database: "website",
      });
      // The cap counts the e-mails to the business; follow-ups to customers are not among them.
      const toBusiness = smtp.received.filter((mail) => mail.envelopeTo.includes(settings.MAIL_TO));
      expect(Number(counted)).toBe(toBusiness.length);
    });

    it("npm run leads reads the same database", async () => {
      const json = await runLeads(join(folder, "no-data-here"), ["--json"], folder, {
        DATABASE_URL: databaseUrl,
      });
      const leads = json
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(leads.length).toBeGreaterThan(20);
      expect(leads.some((lead) => lead.message === "Repeat across servers")).toBe(true);
    });
  });

  describe("when the database is down at start", () => {
    it("serves the pages, answers 503, and takes requests once the database is up", async () => {
      const port = await unusedPort();
      const server = await startNodeServer(
        {
          ...settings,
          STATIC_DIR: await createFakeSite(folder),
          DATA_DIR: join(folder, "data-late"),
          DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
          SMTP_URL: smtp.url,
        },
        folder,
      );
      let late: LocalPostgres | undefined;
      try {
        expect((await fetch(`${server.url}/`)).status).toBe(200);
        const post = () =>
          fetch(`${server.url}${functionPath}`, {
            method: "POST",
            headers: {
              apikey: settings.CONTACT_PUBLIC_KEY,
              "content-type": "application/json",
              "x-forwarded-for": "192.0.2.200",
            },
            body: JSON.stringify(validRequest({ message: "Before the database" })),
          });
        expect((await post()).status).toBe(503);
        late = await startLocalPostgres({ port });
        await server.waitForOutput(
          "the store is usable again",
          30_000,
          "the server to reach the database",
        );
        expect((await post()).status).toBe(200);
      } finally {
        await server.stop();
        await late?.stop();
      }
    }, 60_000);
  });
});
