/**
 * "The last crew at a time goes to one visitor only, whichever server each of them reached"
 * (booking/visitor-booking.ts), on the real thing: two `npm start` servers over one real Postgres,
 * as behind a load balancer, with the repository's one crew. Visitors who asked for a quote open
 * their page from the link in their acknowledgement, and tap the same open time at the same moment,
 * each through a different server: one is booked (303), the others read "That time was just taken"
 * (409) with other times still offered, and the database holds one visit at that time. Raced a few
 * rounds, each at the next open time, so that a store without its lock cannot pass by luck.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../shared/calendar-day.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { homeRequest } from "../support/booking-function.ts";
import { functionPath } from "./contract-cases.ts";
import { drainSecret } from "./support/drain.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { type LocalPostgres, postgresRuns, startLocalPostgres } from "./support/postgres.ts";
import { type HostProcess, startNodeServer } from "./support/processes.ts";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

const key = "sb_publishable_two-servers-test-key";
const database = "booking";
/** Visitors racing for one time in each round; rounds, each at the next open time. */
const visitorsPerRound = 3;
const rounds = 3;
const justTaken = "That time was just taken";

/** A home in Exton with an estimate: the repository's settings book it online. */
const racerRequest = (round: number, index: number) =>
  homeRequest({ name: `Racer ${round}-${index}`, email: `racer-${round}-${index}@example.org` });

/** The times a page offers, as its buttons post them ("2026-12-01T09:00"). */
const offered = (html: string) =>
  [...html.matchAll(/<button\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((button) => /\bname="start"/.test(button))
    .map((button) => /\bvalue="([^"]+)"/.exec(button)?.[1] ?? "");

describe.skipIf(!postgresRuns)("the last crew at a time, two servers on one Postgres", () => {
  let folder = "";
  let pg: LocalPostgres;
  let smtp: SmtpSink;
  let servers: HostProcess[] = [];

  beforeAll(async () => {
    // The premise: one crew, so that one time goes to one visitor.
    expect(repositoryFacts().booking.crews).toBe(1);
    folder = mkdtempSync(join(tmpdir(), "booking-two-servers-"));
    pg = await startLocalPostgres();
    const databaseUrl = pg.createDatabase(database);
    smtp = await startSmtpSink();
    const staticDir = await createFakeSite(folder);
    servers = await Promise.all(
      ["a", "b"].map((name) =>
        startNodeServer(
          {
            CONTACT_PUBLIC_KEY: key,
            MAIL_TO: "owner@example.com",
            MAIL_FROM: "Keystone Shine Website <website@example.com>",
            // Both servers sign and check the visitors' links alike.
            OWNER_LINK_SECRET: "two-servers-test-owner-link-secret-0123456",
            VISITOR_LINK_SECRET: "two-servers-test-visitor-link-secret-01234",
            OUTBOX_DRAIN_SECRET: drainSecret,
            // Each visitor from an address of their own, as in life; the limits are not under test.
            TRUST_PROXY: "1",
            RATE_LIMIT_MAX: "100",
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

  const server = (index: number) => servers[index % servers.length] as HostProcess;
  const client = (round: number, index: number) => `198.51.100.${round * 10 + index + 1}`;

  type Visitor = { id: string; path: string; token: string; client: string };

  /** A quote request through server `index % 2`; its page from the visitor's acknowledgement. */
  async function visitorAsking(round: number, index: number): Promise<Visitor> {
    const response = await fetch(`${server(index).url}${functionPath}`, {
      method: "POST",
      headers: {
        apikey: key,
        "content-type": "application/json",
        "x-forwarded-for": client(round, index),
      },
      body: JSON.stringify(racerRequest(round, index)),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const ack = await smtp.waitForVisitorMail(`acknowledgement:${id}`);
    const link = new RegExp(`https?://[^\\s]+${functionPath}/request/${id}\\?token=[\\w.%-]+`).exec(
      ack.mail.text,
    )?.[0];
    expect(link, "the page's link in the acknowledgement").toBeDefined();
    const url = new URL(link as string);
    return {
      id,
      path: url.pathname,
      token: url.searchParams.get("token") as string,
      client: client(round, index),
    };
  }

  /** The visitor's page as served by server `index % 2`. */
  const page = async (visitor: Visitor, index: number) => {
    const response = await fetch(
      `${server(index).url}${visitor.path}?token=${encodeURIComponent(visitor.token)}`,
      { headers: { "x-forwarded-for": visitor.client } },
    );
    expect(response.status).toBe(200);
    return response.text();
  };

  const book = (visitor: Visitor, start: string, index: number) =>
    fetch(`${server(index).url}${visitor.path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": visitor.client,
      },
      body: new URLSearchParams({ token: visitor.token, action: "book", start }),
      redirect: "manual",
    });

  /** The requests (of `ids`) holding a visit, and every visit that starts at `start`. */
  function stored(ids: string[], start: Date) {
    const list = ids.map((id) => `'${id}'`).join(",");
    const rows = (sql: string) =>
      pg
        .psql(sql, { database })
        .split("\n")
        .filter((line) => line !== "");
    return {
      withVisit: rows(
        `select id from public.contact_requests where id in (${list}) and visit_start is not null`,
      ),
      atStart: rows(
        `select id from public.contact_requests where visit_start = '${start.toISOString()}'`,
      ),
    };
  }

  it("books each time for one visitor only, whichever server each tapped through", async () => {
    const taken: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const visitors = await Promise.all(
        Array.from({ length: visitorsPerRound }, (_, index) => visitorAsking(round, index)),
      );
      // The first open time now: after the rounds before, the next one the single crew has.
      const times = offered(await page(visitors[0] as Visitor, round));
      const time = times[0] as string;
      expect(time, "an open time offered").toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      expect(taken).not.toContain(time);

      // At the same moment, neighbours through different servers.
      const answers = await Promise.all(
        visitors.map(async (visitor, index) => {
          const answer = await book(visitor, time, index);
          return { visitor, index, status: answer.status, body: await answer.text() };
        }),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        [...statuses].sort(),
        `round ${round + 1} at ${time}; the servers said:\n${servers
          .map((one) => one.output().slice(-3000))
          .join("\n")}`,
      ).toEqual([303, ...Array(visitorsPerRound - 1).fill(409)]);
      const winner = answers.find((answer) => answer.status === 303);
      const losers = answers.filter((answer) => answer.status === 409);

      // Each loser reads why, and other times to pick from, on the answer and on its page
      // through the other server.
      for (const loser of losers) {
        expect(loser.body).toContain(justTaken);
        const again = offered(loser.body);
        expect(again.length).toBeGreaterThan(0);
        expect(again).not.toContain(time);
        const later = offered(await page(loser.visitor, loser.index + 1));
        expect(later.length).toBeGreaterThan(0);
        expect(later).not.toContain(time);
      }
      // The winner's page, through the other server, says booked.
      expect(await page(winner?.visitor as Visitor, (winner?.index ?? 0) + 1)).toContain("Booked:");

      // The database: one visit at that time, the winner's, and none for the others.
      const start = zonedInstant(time.slice(0, 10), time.slice(11), "America/New_York");
      const held = stored(
        visitors.map((visitor) => visitor.id),
        start,
      );
      expect(held.withVisit).toEqual([winner?.visitor.id]);
      expect(held.atStart).toEqual([winner?.visitor.id]);
      taken.push(time);
    }
  }, 60_000);
});
