/** `npm run leads` on a data folder filled by the real server. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeSite } from "./support/fake-site.ts";
import { type HostProcess, runLeads, startNodeServer } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";

const key = "sb_publishable_leads-test-key";
let folder = "";
let server: HostProcess;
const ids: string[] = [];
let spamId = "";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "leads-"));
  server = await startNodeServer(
    {
      STATIC_DIR: await createFakeSite(folder),
      DATA_DIR: join(folder, "data"),
      CONTACT_PUBLIC_KEY: key,
      // Every request of these tests comes from one address.
      RATE_LIMIT_MAX: "100",
    },
    folder,
  );
  const spam = await fetch(`${server.url}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ ...validRequest({ name: "Bot Spammer" }), website: "http://x.example" }),
  });
  spamId = ((await spam.json()) as { id: string }).id;
  for (const body of [
    validRequest({ name: "Ann First", message: "First, with a comma" }),
    validRequest({
      name: "=HYPERLINK(1)",
      service: "other",
      otherService: "Gutters",
      message: "Line 1\nLine 2",
    }),
  ]) {
    const response = await fetch(`${server.url}/functions/v1/send-contact-email`, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    ids.push(((await response.json()) as { id: string }).id);
  }
});
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("npm run leads", () => {
  it("lists the requests newest first, readably", async () => {
    const text = await runLeads(join(folder, "data"), [], folder);
    expect(text.indexOf("=HYPERLINK(1)")).toBeLessThan(text.indexOf("Ann First"));
    expect(text).toContain("Other: Gutters");
    expect(text).toContain("2 requests");
  });

  it("--json prints one object per request with its delivery status", async () => {
    const lines = (await runLeads(join(folder, "data"), ["--json"], folder)).trim().split("\n");
    const leads = lines.map((line) => JSON.parse(line));
    expect(leads.map((lead) => lead.id)).toEqual([...ids].reverse());
    expect(leads[0]).toMatchObject({
      name: "=HYPERLINK(1)",
      message: "Line 1\nLine 2",
      otherService: "Gutters",
    });
    for (const name of ["receivedAt", "status", "deliveryStatus", "attempts", "lastError"])
      expect(leads[0]).toHaveProperty(name);
    expect(leads[0].status).toBe("new");
  });

  it("--all adds what the spam filter caught, with status spam", async () => {
    const lines = (await runLeads(join(folder, "data"), ["--json", "--all"], folder))
      .trim()
      .split("\n");
    const leads = lines.map((line) => JSON.parse(line));
    expect(leads.map((lead) => lead.id)).toEqual([...ids].reverse().concat(spamId));
    expect(leads[2]).toMatchObject({ status: "spam", name: "Bot Spammer" });
    const text = await runLeads(join(folder, "data"), ["--all"], folder);
    expect(text).toContain("SPAM");
    expect(text).toContain("2 requests");
  });

  it("works as `npm run leads --json` too, where npm keeps the flag and sets npm_config_json", async () => {
    const output = await runLeads(join(folder, "data"), [], folder, { npm_config_json: "true" });
    expect(
      output
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).id),
    ).toEqual([...ids].reverse());
  });

  it("--csv writes a spreadsheet file with formulas defused", async () => {
    const csv = await runLeads(join(folder, "data"), ["--csv"], folder);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).toContain('"Line 1\nLine 2"');
    expect(csv.trim().split("\r\n")).toHaveLength(3);
  });

  it("--json carries where a request came from; --stats adds the pages' counts and the sources", async () => {
    const source = { landingPage: "/exton", referrer: "www.google.com" };
    const response = await fetch(`${server.url}/functions/v1/send-contact-email`, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify({ ...validRequest({ name: "Sourced Sue" }), source }),
    });
    expect(response.status).toBe(200);
    for (const event of ["call", "call", "form-start", "view"]) {
      const counted = await fetch(`${server.url}/functions/v1/send-contact-email/count`, {
        method: "POST",
        headers: {
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        },
        body: new URLSearchParams({ e: event, p: "/exton" }),
      });
      expect(counted.status).toBe(204);
    }
    const [latest] = (await runLeads(join(folder, "data"), ["--json"], folder))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(latest).toMatchObject({ name: "Sourced Sue", source });
    const stats = await runLeads(join(folder, "data"), ["--stats"], folder);
    expect(stats).toMatch(/^Last week \(Mon .+ – Sun .+\): \d+ requests?$/m);
    expect(stats).toContain("Last 7 days");
    expect(stats).toMatch(/^ {2}By source: .*Google 1/m);
    expect(stats).toContain("  Phone taps: 2 (/exton 2)");
    expect(stats).toContain("  Quote forms: 1 started, 3 sent");
    expect(stats).toContain("  Page views: 1");
  });

  it("--stats --json prints the same numbers as one JSON document", async () => {
    const text = await runLeads(join(folder, "data"), ["--stats", "--json"], folder);
    const document = JSON.parse(text);
    expect(document.timeZone).toBe("America/New_York");
    expect(Number.isNaN(Date.parse(document.generatedAt))).toBe(false);
    expect(document.periods.map((period: { label: string }) => period.label)).toEqual([
      "Last week",
      "Last 7 days",
      "Last 30 days",
      "Last 90 days",
    ]);
    const [, week] = document.periods;
    expect(week).toMatchObject({
      requests: expect.any(Number),
      bySource: expect.any(Object),
      byTown: expect.any(Object),
      byService: expect.any(Object),
      byStatus: expect.any(Object),
      value: { booked: { count: expect.any(Number) }, won: { count: expect.any(Number) } },
      site: { calls: expect.any(Number), formStarts: expect.any(Number) },
    });
    expect(week.requests).toBeGreaterThanOrEqual(3);
    expect(Date.parse(week.to) - Date.parse(week.from)).toBe(7 * 86_400_000);
    expect(week.firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The plain text is the same figures.
    const plain = await runLeads(join(folder, "data"), ["--stats"], folder);
    expect(plain).toContain(`Last 7 days (${week.days}): ${week.requests} requests`);
    await expect(runLeads(join(folder, "data"), ["--stats", "--csv"], folder)).rejects.toThrow();
  });

  it("--stats and --json count sources tagged with words an object's prototype also has", async () => {
    const words = ["constructor", "__proto__", "toString", "hasOwnProperty"];
    for (const word of words) {
      const host = /^[a-z0-9-]+$/i.test(word) ? word.toLowerCase() : null;
      const response = await fetch(`${server.url}/functions/v1/send-contact-email`, {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify({
          ...validRequest({ name: `Odd ${word}` }),
          source: {
            landingPage: "/exton",
            referrer: host,
            utm: { source: word, medium: word, campaign: word },
          },
        }),
      });
      expect(response.status, word).toBe(200);
    }
    const stats = await runLeads(join(folder, "data"), ["--stats"], folder);
    expect(stats).not.toMatch(/function \w*\(|native code|\[object /);
    for (const word of words) expect(stats).toMatch(new RegExp(`By source: .*${word} 1`));
    const document = JSON.parse(
      await runLeads(join(folder, "data"), ["--stats", "--json"], folder),
    );
    for (const word of words) expect(Object.hasOwn(document.periods[1].bySource, word)).toBe(true);
    expect(document.periods[1].bySource.constructor).toBe(1);
    const list = await runLeads(join(folder, "data"), ["--search", "constructor"], folder);
    expect(list).toContain("Odd constructor");
    expect(list).not.toMatch(/native code/);
  });

  it("says so when nothing has been received yet", async () => {
    const empty = join(folder, "empty");
    expect(await runLeads(empty, [], folder)).toBe("No quote requests yet.\n");
    expect(await runLeads(empty, ["--json"], folder)).toBe("");
  });
});
