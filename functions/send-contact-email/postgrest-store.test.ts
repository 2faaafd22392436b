/**
 * The PostgREST store speaks HTTP to Supabase; here a loopback stand-in checks what it sends and
 * how it reads the answers. The SQL functions it calls are tested on a real Postgres in
 * supabase/migrations/contact-requests.test.ts.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { validateContact } from "../../shared/contact-schema.ts";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { createPostgrestStore } from "./postgrest-store.ts";
import { StoreUnavailableError } from "./store.ts";

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

async function fakePostgrest(answer: (seen: Seen) => { status?: number; body?: unknown }) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const entry = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(entry);
      const { status = 200, body } = answer(entry);
      response.statusCode = status;
      response.setHeader("content-type", "application/json");
      response.end(body === undefined ? "" : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}`, seen };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const row = {
  id: "11111111-2222-4333-8444-555555555555",
  created_at: "2025-05-01T12:00:00+00:00",
  name: "Jane Doe",
  email: "jane@example.org",
  phone: "(484) 555-0199",
  service: "carpet",
  other_service: "",
  message: "Hello",
  delivery_status: "pending",
  attempts: 1,
  last_error: null,
  next_attempt_at: "2025-05-01T12:00:00.5+00:00",
  sent_at: null,
  delivered_to: null,
  status: "new",
  delivered_recipients: [],
};

describe("PostgREST store", () => {
  it("submits through the RPC with the service key and reads its answer", async () => {
    const fake = await fakePostgrest(() => ({ body: [{ id: "abc", duplicate: true }] }));
    const store = createPostgrestStore({ url: `${fake.url}/`, serviceKey: "service-key" });
    const parsed = validateContact(validRequest({ service: "other", otherService: "Windows" }));
    if (!parsed.ok) throw new Error("invalid sample");
    const receivedAt = new Date("2025-05-01T12:00:00Z");
    const result = await store.submit({
      id: "new-id",
      data: parsed.data,
      fingerprint: "f".repeat(64),
      receivedAt,
      dedupeWindowMs: 600_000,
    });
    expect(result).toEqual({ id: "abc", duplicate: true });
    const [call] = fake.seen;
    expect(call).toMatchObject({ method: "POST", url: "/rest/v1/rpc/submit_contact_request" });
    expect(call?.headers.apikey).toBe("service-key");
    expect(call?.headers.authorization).toBe("Bearer service-key");
    expect(call?.body).toEqual({
      p_id: "new-id",
      p_name: parsed.data.name,
      p_email: parsed.data.email,
      p_phone: parsed.data.phone,
      p_service: "other",
      p_other_service: "Windows",
      p_message: parsed.data.message,
      p_fingerprint: "f".repeat(64),
      p_now: receivedAt.toISOString(),
      p_dedupe_ms: 600_000,
      p_status: "new",
    });
  });

  it("claims, marks sent and failed, and finds the next due time", async () => {
    const fake = await fakePostgrest((seen) => {
      if (seen.url.endsWith("/rpc/claim_contact_deliveries")) return { body: [row] };
      if (seen.url.endsWith("/rpc/next_contact_delivery_due"))
        return { body: "2025-05-01T12:05:00+00:00" };
      return { status: 204 };
    });
    const store = createPostgrestStore({ url: fake.url, serviceKey: "k" });
    const [claimed] = await store.claimDue(new Date("2025-05-01T12:01:00Z"), 4, 120_000);
    expect(claimed).toMatchObject({
      id: row.id,
      createdAt: "2025-05-01T12:00:00.000Z",
      nextAttemptAt: "2025-05-01T12:00:00.500Z",
      otherService: "",
      attempts: 1,
    });
    await store.markSent(row.id, new Date("2025-05-01T12:01:01Z"), "api:owner@example.com");
    await store.markRetry(row.id, { error: "503", retryAt: new Date("2025-05-01T12:02:00Z") });
    await store.markFailed(row.id, {
      error: "550 refused",
      at: new Date("2025-05-01T12:03:00Z"),
      deliveredRecipients: ["a@example.com"],
    });
    expect(await store.nextDueAt(120_000)).toEqual(new Date("2025-05-01T12:05:00Z"));
    expect(fake.seen.map((seen) => `${seen.method} ${seen.url}`)).toEqual([
      "POST /rest/v1/rpc/claim_contact_deliveries",
      `PATCH /rest/v1/contact_requests?id=eq.${row.id}`,
      `PATCH /rest/v1/contact_requests?id=eq.${row.id}&delivery_status=eq.pending`,
      `PATCH /rest/v1/contact_requests?id=eq.${row.id}&delivery_status=eq.pending`,
      "POST /rest/v1/rpc/next_contact_delivery_due",
    ]);
    expect(fake.seen[0]?.body).toEqual({
      p_now: "2025-05-01T12:01:00.000Z",
      p_limit: 4,
      p_lease_ms: 120_000,
    });
    expect(fake.seen[1]?.body).toMatchObject({
      delivery_status: "sent",
      delivered_to: "api:owner@example.com",
    });
    expect(fake.seen[2]?.body).toEqual({
      last_error: "503",
      next_attempt_at: "2025-05-01T12:02:00.000Z",
      claimed_at: null,
    });
    expect(fake.seen[3]?.body).toEqual({
      delivery_status: "failed",
      last_error: "550 refused",
      claimed_at: null,
      delivered_recipients: ["a@example.com"],
    });
  });

  it("reports an error answer or an unreachable API as store unavailable", async () => {
    const fake = await fakePostgrest(() => ({ status: 500, body: { message: "boom" } }));
    const store = createPostgrestStore({ url: fake.url, serviceKey: "k" });
    await expect(store.list()).rejects.toBeInstanceOf(StoreUnavailableError);
    const nowhere = createPostgrestStore({ url: "http://127.0.0.1:9", serviceKey: "k" });
    await expect(nowhere.list()).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
