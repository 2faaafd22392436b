/**
 * The same contract against the Supabase entry (supabase/functions/send-contact-email/index.ts)
 * running under the real Deno runtime on loopback, on a real Postgres migrated as `supabase db
 * push` would (supabase/migrations), and a stand-in for the e-mail API. Store unavailable: the
 * table is renamed away for a moment.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../functions/send-contact-email/database/postgres-store.ts";
import { applyMigrations } from "../../functions/send-contact-email/store/migrations.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import { type ContractHost, describeContactContract, functionPath } from "./contract-cases.ts";
import { describeInboxContract, inboxSettings } from "./inbox-cases.ts";
import { drainQueues } from "./support/drain.ts";
import { type FakeMailApi, startFakeMailApi } from "./support/fake-mail-api.ts";
import { waitUntil } from "./support/ports.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { type HostProcess, projectRoot, runScript, startDenoEntry } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";

let folder = "";
let api: FakeMailApi;
let entry: HostProcess;
let pg: LocalPostgres;

const settings = {
  CONTACT_PUBLIC_KEY: "sb_publishable_contract-test-key",
  ALLOWED_ORIGINS: "https://www.example.org",
  MAIL_TO: "owner@example.com",
  MAIL_FROM: "Keystone Shine Website <website@example.com>",
  RATE_LIMIT_MAX: "3",
  TRUST_PROXY: "1",
  OUTBOX_RETRY_BASE_MS: "100",
  OUTBOX_RETRY_MAX_MS: "400",
  RESEND_API_KEY: "re_test_key",
  OUTBOX_DRAIN_SECRET: "drain-secret-of-at-least-32-characters",
  OWNER_LINK_SECRET: "deno-host-test-owner-link-secret-0123456789",
  // Above what these tests send in an hour: past the cap, e-mails would wait for the next hour.
  MAIL_HOURLY_CAP: "1000",
  ACKNOWLEDGEMENT_HOURLY_CAP: "1000",
  // A published content version is live here within this (docs/content-versions.md).
  CONTENT_CHECK_MS: "300",
  ...inboxSettings,
};

beforeAll(async () => {
  if (!postgresRuns) return;
  folder = mkdtempSync(join(tmpdir(), "deno-host-"));
  pg = await startLocalPostgres();
  const url = pg.createDatabase("supabase");
  const migrator = openPostgresStore({ url, maxConnections: 1 });
  try {
    await applyMigrations(migrator.sql);
  } finally {
    await migrator.close();
  }
  api = await startFakeMailApi();
  entry = await startDenoEntry(
    { ...settings, SUPABASE_DB_URL: url, MAIL_API_URL: api.url },
    folder,
  );
}, 90_000);

afterAll(async () => {
  await entry?.stop();
  await api?.stop();
  await pg?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const host: () => ContractHost = () => ({
  projectUrl: entry.url,
  publicKey: settings.CONTACT_PUBLIC_KEY,
  allowedOrigin: settings.ALLOWED_ORIGINS,
  rateLimitMax: Number(settings.RATE_LIMIT_MAX),
  mailTo: settings.MAIL_TO,
  async waitForMail(id) {
    const { body } = await api.waitForRequest(id);
    return {
      to: body.to,
      replyTo: body.reply_to,
      subject: body.subject,
      text: body.text,
      html: body.html,
      headerNames: Object.keys(body.headers ?? {}),
    };
  },
  mailCount: (id) => api.forRequest(id).length,
  drain: () => drainQueues(`${entry.url}/send-contact-email`, settings.OUTBOX_DRAIN_SECRET),
  async withStoreUnavailable(work) {
    pg.psql("alter table public.contact_requests rename to contact_requests_away", {
      database: "supabase",
    });
    try {
      return await work(entry.url);
    } finally {
      pg.psql("alter table public.contact_requests_away rename to contact_requests", {
        database: "supabase",
      });
    }
  },
});

describe.skipIf(!postgresRuns)("Supabase entry under Deno on Postgres", () => {
  describeContactContract("Supabase entry under Deno", host);
  describeInboxContract("Supabase entry under Deno", () => ({
    ...host(),
    ownerLinkSecret: settings.OWNER_LINK_SECRET,
    reviewUrl: settings.REVIEW_URL,
    mailsTo: (address) =>
      api.received
        .filter((mail) => mail.body.to.some((to) => to.toLowerCase() === address.toLowerCase()))
        .map((mail) => ({
          to: mail.body.to,
          replyTo: mail.body.reply_to,
          subject: mail.body.subject,
          text: mail.body.text,
          html: mail.body.html,
          headerNames: Object.keys(mail.body.headers ?? {}),
        })),
  }));
});

describe("Supabase entry under Deno: types", () => {
  it("type-checks with deno check (the entry and everything it imports)", () => {
    const result = spawnSync(
      join(projectRoot, "node_modules/.bin/deno"),
      [
        "check",
        "--no-lock",
        "--config",
        join(projectRoot, "tests/integration/deno-test.json"),
        join(projectRoot, "supabase/functions/send-contact-email/index.ts"),
      ],
      {
        encoding: "utf8",
        env: { ...process.env, DENO_DIR: join(folder || tmpdir(), ".deno-check"), NO_COLOR: "1" },
      },
    );
    expect(result.stderr + result.stdout).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    // A bound, not a speed test: a cold check of everything the entry imports (React's types
    // included) has taken a minute on a loaded two-core machine.
  }, 240_000);
});

describe.skipIf(!postgresRuns)("Supabase entry under Deno: e-mail API outage", () => {
  const post = (body: unknown) =>
    fetch(`${entry.url}${functionPath}`, {
      method: "POST",
      headers: {
        apikey: settings.CONTACT_PUBLIC_KEY,
        "content-type": "application/json",
        "x-forwarded-for": "192.0.2.77",
      },
      body: JSON.stringify(body),
    });

  it("answers 200 while the API fails, then delivers once when it is back", async () => {
    api.failing = 503;
    const response = await post(validRequest());
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    await entry.waitForOutput(`not sent, will retry id="${id}"`, 10_000, "a failed attempt");
    expect(api.forRequest(id)).toHaveLength(0);
    api.failing = null;
    await api.waitForRequest(id);
    await host().drain();
    expect(api.forRequest(id)).toHaveLength(1);
  });

  it("offers a drain endpoint for schedules, behind its own secret", async () => {
    const drain = (authorization: string) =>
      fetch(`${entry.url}/send-contact-email/drain`, {
        method: "POST",
        headers: { authorization },
      });
    expect((await drain("Bearer wrong")).status).toBe(401);
    expect((await drain("Bearer drain-secret-of-at-least-32-characters-and-more")).status).toBe(
      401,
    );
    expect((await drain("drain-secret-of-at-least-32-characters")).status).toBe(401);
    const response = await drain("Bearer drain-secret-of-at-least-32-characters");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      mail: { sent: expect.any(Number), failed: expect.any(Number) },
      notices: { queued: expect.any(Number), sent: expect.any(Number), failed: expect.any(Number) },
      visitors: {
        queued: expect.any(Number),
        sent: expect.any(Number),
        failed: expect.any(Number),
      },
      followUps: {
        queued: expect.any(Number),
        sent: expect.any(Number),
        stopped: expect.any(Number),
        waiting: expect.any(Number),
      },
    });
  });

  it("serves the owner's page from the link in the e-mail: GET shows, POST sets the status", async () => {
    const submitted = await fetch(`${entry.url}${functionPath}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        apikey: settings.CONTACT_PUBLIC_KEY,
        origin: settings.ALLOWED_ORIGINS,
        "x-forwarded-for": "203.0.113.77",
      },
      body: JSON.stringify(validRequest({ name: "Deno Owner Test" })),
    });
    expect(submitted.status).toBe(200);
    const { id } = (await submitted.json()) as { id: string };
    const { body } = await api.waitForRequest(id);
    const link = /https?:\/\/\S+\/lead\/\S+/.exec(body.text)?.[0] ?? "";
    expect(link).toContain(`/functions/v1/send-contact-email/lead/${id}?token=`);
    const local = new URL(link);
    const page = await fetch(`${entry.url}${local.pathname}${local.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Deno Owner Test");
    const token = local.searchParams.get("token") ?? "";
    const posted = await fetch(`${entry.url}${local.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, status: "contacted" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const after = await fetch(`${entry.url}${local.pathname}${local.search}`);
    expect(await after.text()).toContain('Status: <span class="status">Contacted</span>');
    const forged = await fetch(`${entry.url}${local.pathname}?token=${token.replace(/\d/, "9")}x`);
    expect(forged.status).toBe(403);
  });
});

describe.skipIf(!postgresRuns)(
  "Supabase entry under Deno: a booked visit and the visitor's page",
  () => {
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual" as const,
    });

    it("acknowledges, serves the visitor's page, books in one tap and sends the invitation", async () => {
      const [first] = bookableDates(new Date(), repositoryFacts());
      const submitted = await fetch(`${entry.url}${functionPath}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          apikey: settings.CONTACT_PUBLIC_KEY,
          "x-forwarded-for": "203.0.113.78",
        },
        body: JSON.stringify({
          ...validRequest({
            name: "Deno Visitor",
            email: "deno.visitor@example.org",
            message: "NOT-RELAYED",
          }),
          preferredWindows: [{ date: first, window: "afternoon" }],
        }),
      });
      const { id } = (await submitted.json()) as { id: string };
      const ack = await api.waitForVisitorMail(`acknowledgement:${id}`);
      expect(ack.body.to).toEqual(["deno.visitor@example.org"]);
      expect(JSON.stringify(ack.body)).not.toContain("NOT-RELAYED");
      const visitorLink = new URL(/https?:\/\/\S+\/request\/\S+/.exec(ack.body.text)?.[0] ?? "");
      const page = await fetch(`${entry.url}${visitorLink.pathname}${visitorLink.search}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("We will call you by");

      const ownerMail = await api.waitForRequest(id);
      const ownerLink = new URL(/https?:\/\/\S+\/lead\/\S+/.exec(ownerMail.body.text)?.[0] ?? "");
      const token = ownerLink.searchParams.get("token") ?? "";
      // The visitor's token never opens the owner's page, nor the owner's the visitor's.
      expect(
        (
          await fetch(
            `${entry.url}${ownerLink.pathname}?token=${visitorLink.searchParams.get("token")}`,
          )
        ).status,
      ).toBe(403);
      expect((await fetch(`${entry.url}${visitorLink.pathname}?token=${token}`)).status).toBe(403);
      const booked = await fetch(
        `${entry.url}${ownerLink.pathname}/visit`,
        form({ token, sequence: "0", action: "book", window: "0" }),
      );
      expect(booked.status).toBe(303);
      const confirmation = await api.waitForVisitorMail(`visit:${id}:1`);
      expect(confirmation.body.subject).toMatch(
        /^Your cleaning is booked: \w{3} \w{3} \d+, 12:00–2:00 PM$/,
      );
      const [attachment] = confirmation.body.attachments ?? [];
      expect(attachment?.content_type).toBe("text/calendar; method=REQUEST; charset=utf-8");
      const calendar = new ICAL.Component(
        ICAL.parse(Buffer.from(attachment?.content ?? "", "base64").toString("utf8")),
      );
      expect(calendar.getFirstSubcomponent("vevent")?.getFirstPropertyValue("uid")).toBe(
        `visit-${id}@example.com`,
      );
      const after = await fetch(`${entry.url}${visitorLink.pathname}${visitorLink.search}`);
      expect(await after.text()).toMatch(/Booked: \w{3} \w{3} \d+, 12:00–2:00 PM/);
    });

    it("bounds a flood of posts from the visitor's link: 10 changes an hour, then 429", async () => {
      const submitted = await fetch(`${entry.url}${functionPath}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          apikey: settings.CONTACT_PUBLIC_KEY,
          "x-forwarded-for": "203.0.113.79",
        },
        body: JSON.stringify(validRequest({ name: "Deno Flood", email: "deno.flood@example.org" })),
      });
      const { id } = (await submitted.json()) as { id: string };
      const ack = await api.waitForVisitorMail(`acknowledgement:${id}`);
      const visitorLink = new URL(/https?:\/\/\S+\/request\/\S+/.exec(ack.body.text)?.[0] ?? "");
      const statuses: number[] = [];
      for (let index = 0; index < 14; index += 1) {
        const answer = await fetch(
          `${entry.url}${visitorLink.pathname}${visitorLink.search}`,
          form({ action: "address", address: `${index} Flood Lane` }),
        );
        await answer.arrayBuffer();
        statuses.push(answer.status);
        if (answer.status === 429)
          expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses.filter((status) => status === 303)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    });
  },
);

/**
 * POSTs a chunked form body to `path` that goes on until the answer comes (or `capBytes` are
 * sent): how much was sent before the host answered, and its status.
 */
function endlessChunkedPost(url: string, path: string, capBytes: number) {
  const { hostname, port } = new URL(url);
  const chunk = Buffer.from(`10000\r\n${"x".repeat(0x10000)}\r\n`);
  return new Promise<{ status: number | null; sentBytes: number }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let sentBytes = 0;
    let answer = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || null, sentBytes });
    };
    // One chunk per turn of the event loop: the answer is read as soon as it comes. A loop that
    // wrote on while the socket took it would send everything before reading a byte whenever the
    // host reads as fast as it is sent (a loaded machine).
    const pump = () => {
      if (done) return;
      if (sentBytes >= capBytes) {
        socket.write("0\r\n\r\n");
        return;
      }
      sentBytes += 0x10000;
      if (socket.write(chunk)) setImmediate(pump); // else resumed on "drain"
    };
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n")) finish();
    });
    socket.on("drain", pump);
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          "content-type: application/x-www-form-urlencoded\r\ntransfer-encoding: chunked\r\n\r\n",
      );
      pump();
    });
  });
}

describe.skipIf(!postgresRuns)(
  "Supabase entry under Deno: the owner's page and large bodies",
  () => {
    it("answers a chunked post of any size without reading it whole (a forged link, a body token)", async () => {
      const cap = 48 * 1024 * 1024;
      const lead = `${functionPath}/lead/${crypto.randomUUID()}`;
      for (const path of [`${lead}?token=1.forged`, lead]) {
        const { status, sentBytes } = await endlessChunkedPost(entry.url, path, cap);
        expect(status, path).toBe(403);
        // Answered long before the end: the host read at most the form's few hundred bytes
        // (before, it read all of it, and Deno's memory grew by the body's size).
        expect(sentBytes, path).toBeLessThan(cap);
      }
    }, 60_000);
  },
);

describe.skipIf(!postgresRuns)("Supabase entry under Deno: the live content version", () => {
  let client = 0;
  /** Whether the function takes the welcome offer at `percent` (a request refused all the same). */
  async function takesOffer(percent: number): Promise<boolean> {
    client += 1;
    const response = await fetch(`${entry.url}${functionPath}`, {
      method: "POST",
      headers: {
        apikey: settings.CONTACT_PUBLIC_KEY,
        "content-type": "application/json",
        // A network of its own each time: this test's polling never uses up anyone's limit.
        "x-forwarded-for": `2001:db8:c0:${client.toString(16)}::1`,
      },
      body: JSON.stringify({ offer: `welcome-${percent}` }),
    });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    return !("offer" in fields);
  }
  const publish = (document: unknown) =>
    pg.psql(
      `insert into public.content_versions (document, changes)
       values ('${JSON.stringify(document).replaceAll("'", "''")}'::json, '[]'::json)`,
      { database: "supabase" },
    );

  it("switches its own content to a version published in the database, with no build", async () => {
    expect(await takesOffer(20)).toBe(true);
    const document = structuredClone(repositoryContent) as { offer: { percentOff: number } };
    document.offer.percentOff = 25;
    publish(document);
    await waitUntil(() => takesOffer(25), { timeoutMs: 15_000, what: "the new offer" });
    expect(await takesOffer(20)).toBe(false);
    expect(entry.output()).toMatch(/content version live version=\d+/);
    // Restored, as the owner would: the repository's document again, as a newer version.
    publish(repositoryContent);
    await waitUntil(() => takesOffer(20), { timeoutMs: 15_000, what: "the restored offer" });
  });
});

// Last in this file: once capped, this instance sends nothing more until the hour turns.
describe.skipIf(!postgresRuns)("Supabase entry under Deno: the hourly cap in the database", () => {
  it("counts what it sent in the database, and holds e-mail back once the hour's cap is used", async () => {
    const sql = (query: string) => pg.psql(query, { database: "supabase" });
    // The request e-mails of the tests above were counted where every instance sees them (a send
    // that the API's idempotency key answered without sending again counts too).
    const requestMails = api.received.filter(
      (mail) => mail.body.headers?.["X-Contact-Request-Id"],
    ).length;
    expect(requestMails).toBeGreaterThan(0);
    expect(
      Number(sql("select coalesce(sum(sent), 0) from public.contact_mail_hours")),
    ).toBeGreaterThanOrEqual(requestMails);
    // Other instances used up this hour (and the next, should the hour turn meanwhile).
    const hour = "floor(extract(epoch from now()) / 3600)::bigint";
    const cap = Number(settings.MAIL_HOURLY_CAP);
    sql(`insert into public.contact_mail_hours (hour, sent)
         values (${hour}, ${cap}), (${hour} + 1, ${cap})
         on conflict (hour) do update set sent = ${cap}`);
    const response = await fetch(`${entry.url}${functionPath}`, {
      method: "POST",
      headers: {
        apikey: settings.CONTACT_PUBLIC_KEY,
        "content-type": "application/json",
        "x-forwarded-for": "192.0.2.78",
      },
      body: JSON.stringify(validRequest({ message: "Past the hourly cap" })),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    // Its pass has run and the cap held it back.
    await host().drain();
    expect(api.forRequest(id)).toHaveLength(0);
    expect(sql(`select delivery_status from public.contact_requests where id = '${id}'`)).toBe(
      "pending",
    );
  });
});

describe.skipIf(!postgresRuns)(
  "Supabase entry under Deno: the live content for a static host",
  () => {
    it("answers the published version, and a host's build pulls it into the content files", async () => {
      const store = openPostgresStore({ url: pg.urlFor("supabase"), maxConnections: 1 });
      try {
        const document = structuredClone(repositoryContent) as { contact: { phone: string } };
        document.contact.phone = "(484) 555-0155";
        await store.publishContent({ document, changes: ["Main phone: → (484) 555-0155"] });
      } finally {
        await store.close();
      }
      const into = join(folder, "pulled");
      mkdirSync(into);
      const output = await runScript(
        "scripts/content.ts",
        folder,
        ["--pull", `${entry.url}${functionPath}`, "--write", "--to", into],
        folder,
      );
      expect(output).toMatch(/version \d+, published .*; written to \d+ files/);
      const contact = JSON.parse(readFileSync(join(into, "contact.json"), "utf8"));
      expect(contact.phone).toBe("(484) 555-0155");
    });
  },
);
