import { describe, expect, it, vi } from "vitest";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { type HandlerDeps, handleContactRequest } from "./handler.ts";
import { createMemoryStore } from "./memory-store.ts";
import { createRateLimiter, unlimited } from "./rate-limiter.ts";
import { maxBodyBytes } from "./request-body.ts";

const key = "test-public-key";
const url = "http://127.0.0.1:3000/functions/v1/send-contact-email";
const site = "https://www.example.org";

function setup(overrides: Partial<HandlerDeps> = {}) {
  const store = createMemoryStore();
  const onStored = vi.fn();
  const deps: HandlerDeps = {
    store,
    config: { publicKeys: [key], allowedOrigins: [site], dedupeWindowMs: 600_000 },
    rateLimiter: unlimited,
    clientAddress: "203.0.113.7",
    onStored,
    ...overrides,
  };
  const call = (init: RequestInit & { url?: string } = {}) =>
    handleContactRequest(new Request(init.url ?? url, init), deps);
  return { store, onStored, call, deps };
}

function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

describe("send-contact-email handler", () => {
  it("stores a valid request, answers 200 with its id, and wakes the outbox", async () => {
    const { call, store, onStored } = setup();
    const input = validRequest();
    const response = await call(post(input));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await response.json();
    expect(body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [stored] = await store.list();
    expect(stored).toMatchObject({ id: body.id, name: input.name, message: input.message });
    expect(onStored).toHaveBeenCalledWith(body.id);
  });

  it("accepts the key as Authorization: Bearer (legacy anon keys)", async () => {
    const { call } = setup();
    const init = post(validRequest(), { apikey: "", authorization: `Bearer ${key}` });
    expect((await call(init)).status).toBe(200);
  });

  it("answers a repeat with the first id and does not wake the outbox twice", async () => {
    const { call, onStored, store } = setup();
    const input = validRequest();
    const first = await (await call(post(input))).json();
    const second = await (await call(post({ ...input, email: input.email.toUpperCase() }))).json();
    expect(second).toEqual(first);
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(await store.list()).toHaveLength(1);
  });

  it("answers 400 with a message per field", async () => {
    const { call, store } = setup();
    const response = await call(post({ ...validRequest(), email: "nope", phone: "12" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(/email, phone/);
    expect(Object.keys(body.fields)).toEqual(["email", "phone"]);
    expect(await store.list()).toHaveLength(0);
  });

  it("requires otherService when the service is other", async () => {
    const { call } = setup();
    const response = await call(post(validRequest({ service: "other", otherService: "  " })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Please specify the service you need",
      fields: { otherService: "Please specify the service you need" },
    });
  });

  it.each([
    ["no key", {}],
    ["a wrong apikey", { apikey: "wrong" }],
    ["a wrong bearer", { authorization: "Bearer wrong" }],
  ])("answers 401 to %s", async (_, headers) => {
    const { call } = setup();
    const init = post(validRequest());
    const response = await call({
      ...init,
      headers: { "content-type": "application/json", ...headers },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBeTruthy();
  });

  it("answers 429 with Retry-After past the limit, per client address", async () => {
    const rateLimiter = createRateLimiter({ max: 2, windowMs: 60_000 });
    const { call, deps } = setup({ rateLimiter });
    expect((await call(post(validRequest()))).status).toBe(200);
    expect((await call(post(validRequest()))).status).toBe(200);
    const limited = await call(post(validRequest()));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toBeTruthy();
    deps.clientAddress = "198.51.100.1";
    expect((await call(post(validRequest()))).status).toBe(200);
  });

  it("answers 413 to a body over 16 KiB, declared or not", async () => {
    const { call } = setup();
    const big = JSON.stringify({ ...validRequest(), message: "x".repeat(maxBodyBytes) });
    expect((await call(post(big))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 40; index += 1)
          controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const response = await call({ ...post(""), body: stream, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
  });

  it.each([
    ["text/plain", "text/plain"],
    ["form data", "application/x-www-form-urlencoded"],
    ["JSON in another charset", "application/json; charset=latin1"],
  ])("answers 415 to %s", async (_, type) => {
    const { call } = setup();
    expect((await call(post(validRequest(), { "content-type": type }))).status).toBe(415);
  });

  it.each([
    ["malformed JSON", '{"name": "Jane",'],
    ["a JSON array", "[1,2]"],
    ["a JSON string", '"hello"'],
    ["null", "null"],
    ["deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ])("answers 400 to %s", async (_, body) => {
    const { call } = setup();
    const response = await call(post(body));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBeTruthy();
  });

  it("answers 400 to invalid UTF-8", async () => {
    const { call } = setup();
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect((await call({ ...post(""), body: bytes })).status).toBe(400);
  });

  it("answers 400 to unknown fields", async () => {
    const { call } = setup();
    const response = await call(post({ ...validRequest(), admin: true }));
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ admin: "Unknown field." });
  });

  it("answers 503 when the store cannot commit, and stores nothing half-way", async () => {
    const store = createMemoryStore({ failWith: () => new Error("disk I/O error") });
    const { call, onStored } = setup({ store });
    const response = await call(post(validRequest()));
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/call us/);
    expect(onStored).not.toHaveBeenCalled();
  });

  it.each(["GET", "PUT", "DELETE", "PATCH"])("answers 405 to %s with Allow", async (method) => {
    const { call } = setup();
    const response = await call({ method, headers: { apikey: key } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  describe("CORS", () => {
    it("answers the preflight of an allowed origin with the headers supabase-js sends", async () => {
      const { call } = setup();
      const response = await call({
        method: "OPTIONS",
        headers: {
          origin: site,
          "access-control-request-method": "POST",
          "access-control-request-headers": "apikey, authorization, content-type, x-client-info",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(site);
      expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
      const allowed = response.headers.get("access-control-allow-headers")?.split(", ") ?? [];
      expect(allowed).toEqual(
        expect.arrayContaining(["authorization", "x-client-info", "apikey", "content-type"]),
      );
      expect(response.headers.get("vary")).toBe("Origin");
    });

    it("allows the host's own origin without configuration", async () => {
      const { call } = setup();
      const response = await call(post(validRequest(), { origin: "http://127.0.0.1:3000" }));
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:3000");
    });

    it("refuses other origins, on the preflight and on the POST", async () => {
      const { call, store } = setup();
      const evil = "https://evil.example.net";
      const preflight = await call({ method: "OPTIONS", headers: { origin: evil } });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      const postResponse = await call(post(validRequest(), { origin: evil }));
      expect(postResponse.status).toBe(403);
      expect(await store.list()).toHaveLength(0);
    });

    it("adds the CORS headers to error answers, so the page can read them", async () => {
      const { call } = setup();
      const response = await call(post("{", { origin: site }));
      expect(response.status).toBe(400);
      expect(response.headers.get("access-control-allow-origin")).toBe(site);
    });
  });
});
