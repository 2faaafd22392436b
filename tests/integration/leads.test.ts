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

  it("says so when nothing has been received yet", async () => {
    const empty = join(folder, "empty");
    expect(await runLeads(empty, [], folder)).toBe("No quote requests yet.\n");
    expect(await runLeads(empty, ["--json"], folder)).toBe("");
  });
});
