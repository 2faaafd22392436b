import { describe, expect, it, vi } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { estimate } from "../../../shared/quote/estimate.ts";
import { bookableDates } from "../../../shared/quote/preferred-windows.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import { createRateLimiter, unlimited } from "../http/rate-limiter.ts";
import { maxBodyBytes } from "../http/request-body.ts";
import { type HandlerDeps, handleContactRequest } from "./contact-routes.ts";

const key = "test-public-key";
const url = "http://127.0.0.1:3000/functions/v1/send-contact-email";
const site = "https://www.example.org";

function setup(overrides: Partial<HandlerDeps> = {}) {
  const store = testStore();
  const onStored = vi.fn();
  const deps: HandlerDeps = {
    store,
    config: { publicKeys: [key], allowedOrigins: [site], dedupeWindowMs: 600_000 },
    rateLimiter: unlimited,
    clientAddress: "203.0.113.7",
    onStored,
    content: fixedContent(),
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

  it("counts one IPv6 /64 as one client, so rotating addresses does not escape the limit", async () => {
    const rateLimiter = createRateLimiter({ max: 2, windowMs: 60_000 });
    const { call, deps } = setup({ rateLimiter });
    const statuses: number[] = [];
    for (let host = 1; host <= 4; host += 1) {
      deps.clientAddress = `2001:db8:1:2::${host.toString(16)}`;
      statuses.push((await call(post(validRequest()))).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    deps.clientAddress = "2001:db8:1:3::1";
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
    // Form-encoded posts are the plain HTML form's (form-post.test.ts); multipart is not taken.
    ["multipart form data", "multipart/form-data; boundary=x"],
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

  it.each(["__proto__", "constructor", "prototype"])(
    "answers 400 naming %s as an unknown field",
    async (name) => {
      const { call, store } = setup();
      const body = `{${JSON.stringify(validRequest()).slice(1, -1)},"${name}":{"polluted":true}}`;
      const response = await call(post(body));
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer.fields).toEqual({ [name]: "Unknown field." });
      expect(answer.error).toContain(name);
      expect(await store.list()).toHaveLength(0);
    },
  );

  describe("spam filter", () => {
    it("stores a filled honeypot as spam, answers 200, and does not wake the outbox", async () => {
      const { call, store, onStored } = setup();
      const response = await call(post({ ...validRequest(), website: "http://spam.example" }));
      expect(response.status).toBe(200);
      const [stored] = await store.list();
      expect(stored).toMatchObject({ status: "spam", id: (await response.json()).id });
      expect(stored).not.toHaveProperty("website");
      expect(onStored).not.toHaveBeenCalled();
    });

    it("never judges a request spam by its speed alone: only with another sign", async () => {
      const { call, store, onStored } = setup({
        config: {
          publicKeys: [key],
          allowedOrigins: [site],
          dedupeWindowMs: 600_000,
          spamMinFillMs: 3000,
        },
      });
      // Autofill and a short message: sent in under a second, by a person.
      await call(
        post({ ...validRequest({ message: "Carpets, 3 rooms" }), website: "", elapsedMs: 800 }),
      );
      await call(
        post({
          ...validRequest({ message: "Cheap pills https://pills.example/buy" }),
          website: "",
          elapsedMs: 900,
        }),
      );
      await call(post({ ...validRequest(), website: "", elapsedMs: 45_000 }));
      const rows = await store.list();
      expect(rows.map((row) => row.status).sort()).toEqual(["new", "new", "spam"]);
      expect(rows.find((row) => row.status === "spam")?.spamReason).toBe(
        "sent 0.9 seconds after the page opened, with a web link in it",
      );
      expect(onStored).toHaveBeenCalledTimes(2);
    });

    it("keeps the reason with the spam, and judges a repeat of spam afresh", async () => {
      const { call, store, onStored } = setup();
      const input = validRequest();
      const caught = await call(post({ ...input, website: "filled" }));
      const again = await call(post({ ...input, website: "" }));
      const [caughtId, againId] = [(await caught.json()).id, (await again.json()).id];
      expect(againId).not.toBe(caughtId);
      const byId = new Map((await store.list()).map((row) => [row.id, row]));
      expect(byId.get(caughtId)).toMatchObject({
        status: "spam",
        spamReason: "the hidden field that only robots fill in was filled",
      });
      expect(byId.get(againId)?.status).toBe("new");
      expect(onStored).toHaveBeenCalledWith(againId);
      // A repeat of the honest one is still the honest one (the contract's de-duplication).
      const third = await call(post({ ...input, website: "" }));
      expect((await third.json()).id).toBe(againId);
    });

    it("delivers as usual a request without the signals (an API client)", async () => {
      const { call, store, onStored } = setup();
      expect((await call(post(validRequest()))).status).toBe(200);
      expect((await store.list())[0]?.status).toBe("new");
      expect(onStored).toHaveBeenCalledOnce();
    });

    it("answers 400 to a signal of the wrong type", async () => {
      const { call } = setup();
      const response = await call(post({ ...validRequest(), elapsedMs: "fast" }));
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).fields)).toEqual(["elapsedMs"]);
    });
  });

  it("answers 400 to unknown fields", async () => {
    const { call } = setup();
    const response = await call(post({ ...validRequest(), admin: true }));
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ admin: "Unknown field." });
  });

  it("answers 503 when the store cannot commit, and stores nothing half-way", async () => {
    const { call, onStored } = setup({ store: await brokenStore() });
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

    it("trusts only configured origins, never the request's own Host", async () => {
      const { call, store } = setup();
      const forged = "https://evil.example.net";
      const response = await call(
        post(validRequest(), { origin: forged, host: "evil.example.net" }),
      );
      expect(response.status).toBe(403);
      const sameHost = await call({
        ...post(validRequest(), { origin: forged }),
        url: "https://evil.example.net/functions/v1/send-contact-email",
      });
      expect(sameHost.status).toBe(403);
      expect(await store.list()).toHaveLength(0);
    });

    it("answers every preflight with the same fixed header list", async () => {
      const { call } = setup();
      const response = await call({
        method: "OPTIONS",
        headers: {
          origin: site,
          "access-control-request-method": "POST",
          "access-control-request-headers": "x-evil, content-type",
        },
      });
      const allowed = response.headers.get("access-control-allow-headers") ?? "";
      expect(allowed.split(", ")).not.toContain("x-evil");
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

describe("send-contact-email handler: quote details", () => {
  const home = {
    kind: "home",
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1800,
    condition: "routine",
    frequency: "one-time",
    addOns: ["inside-oven"],
  } as const;

  it("stores the ZIP's area and town, the recomputed estimate with the offer, and the windows", async () => {
    const { call, store } = setup();
    const [first, second] = bookableDates(new Date(), repositoryFacts());
    const windows = [
      { date: first, window: "morning" },
      { date: second, window: "evening" },
    ];
    const response = await call(
      post({
        ...validRequest(),
        zip: "19341",
        // A browser's own figures are ignored: the function prices from the price list.
        estimate: { ...home, low: 1, high: 2 },
        offer: "welcome-20",
        preferredWindows: windows,
      }),
    );
    expect(response.status).toBe(200);
    const [stored] = await store.list();
    const { offers, priceList } = repositoryFacts();
    const expected = estimate(home, offers.welcomeOffer, priceList);
    expect(stored).toMatchObject({
      zip: "19341",
      inServiceArea: true,
      town: "Exton",
      offer: { id: "welcome-20", percentOff: 20 },
      estimate: {
        low: expected.low,
        high: expected.high,
        currency: "USD",
        priceList: priceList.version,
        inputs: home,
      },
      preferredWindows: windows,
    });
    expect(stored?.estimate?.low).toBeGreaterThan(1);
  });

  it("keeps an out-of-area request, marked, and e-mails it like any other", async () => {
    const { call, store, onStored } = setup();
    const response = await call(post({ ...validRequest(), zip: "90210" }));
    expect(response.status).toBe(200);
    const [stored] = await store.list();
    expect(stored).toMatchObject({ zip: "90210", inServiceArea: false, town: null, status: "new" });
    expect(onStored).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["zip", { zip: "1934" }],
    ["estimate", { estimate: { ...home, bedrooms: 40 } }],
    ["estimate", { estimate: { ...home, addOns: ["restrooms-deep"] } }],
    ["offer", { offer: "welcome-50" }],
    ["preferredWindows", { preferredWindows: [{ date: "2020-01-06", window: "morning" }] }],
  ])("refuses a bad %s with a 400 naming it, and stores nothing", async (field, details) => {
    const { call, store } = setup();
    const response = await call(post({ ...validRequest(), ...details }));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fields)).toEqual([field]);
    expect(await store.list()).toHaveLength(0);
  });

  it("a request without details is stored exactly as before", async () => {
    const { call, store } = setup();
    await call(post(validRequest()));
    const [stored] = await store.list();
    expect(stored).not.toHaveProperty("zip");
    expect(stored).not.toHaveProperty("estimate");
  });
});
