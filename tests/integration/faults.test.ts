/**
 * "A request answered with success is never lost" (contact-api.md) under faults, with the real
 * server process, SQLite on disk and a real SMTP server: the mail server down and back, the
 * server killed with SIGKILL right after answering, and a graceful stop with a request in flight.
 * SIGKILL in the middle of a load, the mail server going away during one, hostile input and abuse
 * run at small counts in tests/reliability/, with the code of `npm run bench:server`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Lead } from "../../functions/send-contact-email/leads/lead-formats.ts";
import { drainQueues, drainSecret } from "./support/drain.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { heldRequest } from "./support/held-request.ts";
import { unusedPort, waitUntil } from "./support/ports.ts";
import { type HostProcess, runLeads, startNodeServer } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

const key = "sb_publishable_fault-test-key";
let folder = "";
let dataDir = "";
const cleanups: Array<() => Promise<unknown>> = [];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "faults-"));
  dataDir = join(folder, "data");
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(folder, { recursive: true, force: true });
});

async function server(smtpPort: number): Promise<HostProcess> {
  const started = await startNodeServer(
    {
      STATIC_DIR: join(folder, "site"),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_PUBLIC_KEY: key,
      MAIL_TO: "owner@example.com",
      RATE_LIMIT_DISABLED: "true",
      OUTBOX_RETRY_BASE_MS: "100",
      OUTBOX_RETRY_MAX_MS: "300",
      OUTBOX_DRAIN_SECRET: drainSecret,
    },
    folder,
  );
  cleanups.push(() => started.stop("SIGKILL"));
  return started;
}

async function smtpOn(port: number): Promise<SmtpSink> {
  const sink = await startSmtpSink(port);
  cleanups.push(() => sink.stop());
  return sink;
}

function submit(url: string, body = validRequest()) {
  return fetch(`${url}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function leads(): Promise<Lead[]> {
  const output = await runLeads(dataDir, ["--json"], folder);
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Lead);
}

async function writeSite() {
  await createFakeSite(folder);
}

// Each test starts and restarts real servers: on a busy shared machine that alone can take 20 s.
describe("faults", { timeout: 60_000 }, () => {
  it("mail server down: answers 200, keeps the request pending, delivers it once when back", async () => {
    await writeSite();
    const smtpPort = await unusedPort();
    const running = await server(smtpPort);

    const response = await submit(running.url);
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    await waitUntil(async () => ((await leads())[0]?.attempts ?? 0) >= 2, {
      what: "failed attempts",
    });
    const [pending] = await leads();
    expect(pending).toMatchObject({ id, deliveryStatus: "pending" });
    expect(pending?.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await smtpOn(smtpPort);
    await smtp.waitForRequest(id);
    await waitUntil(async () => (await leads())[0]?.deliveryStatus === "sent", {
      what: "sent status",
    });
    // The visitor's acknowledgement waited out the outage too.
    await smtp.waitForVisitorMail(`acknowledgement:${id}`);
    // Everything due has been attempted: a second copy of either would be here by now.
    await drainQueues(`${running.url}/functions/v1/send-contact-email`);
    expect(smtp.forRequest(id)).toHaveLength(1);
    expect(smtp.visitorMail(`acknowledgement:${id}`)).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
  });

  it("SIGKILL right after a 200: after restart the request is there and its e-mail goes out", async () => {
    await writeSite();
    const smtpPort = await unusedPort();
    const first = await server(smtpPort);
    const response = await submit(first.url);
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    await first.stop("SIGKILL");

    expect((await leads()).map((lead) => lead.id)).toEqual([id]);

    const smtp = await smtpOn(smtpPort);
    await server(smtpPort);
    await smtp.waitForRequest(id);
    await waitUntil(async () => (await leads())[0]?.deliveryStatus === "sent", {
      what: "sent status",
    });
  });

  it("SIGTERM with a request in flight: finishes it, stops accepting after the drain window, exits 0", async () => {
    await writeSite();
    const smtp = await smtpOn(0);
    const running = await server(smtp.port);
    const request = heldRequest(running.url, key, 20);
    await request.inServer;
    running.child.kill("SIGTERM");
    await running.waitForOutput(
      "no longer accepting connections",
      10_000,
      "the drain window to end",
    );
    await expect(fetch(`${running.url}/`)).rejects.toThrow();

    request.finish();
    const answer = await request.answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    const id = /"id":"([^"]+)"/.exec(answer)?.[1];
    expect(await running.exited).toBe(0);
    expect((await leads()).map((lead) => lead.id)).toEqual([id]);
    request.destroy();
  });

  it("a client trickling its headers does not hold up anyone else", async () => {
    await writeSite();
    const running = await server(await unusedPort());
    const { hostname, port } = new URL(running.url);
    const slow = connect(Number(port), hostname);
    await new Promise((resolve) => slow.once("connect", resolve));
    slow.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const timer = setInterval(() => slow.write("X-Slow: 1\r\n"), 50);
    try {
      const response = await fetch(`${running.url}/about`);
      expect(response.status).toBe(200);
    } finally {
      clearInterval(timer);
      slow.destroy();
    }
  });
});
