/**
 * The page sends its quote request with fetch, not @supabase/supabase-js (decision 0011). This
 * is the proof that nothing changed on the wire: supabase-js's `functions.invoke` and our request
 * go to a real HTTP server on loopback, which records what each sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { functionRequest, sendContactRequest } from "./contact-client";

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let base = "";
const received: Received[] = [];
let answer: { status: number; body: string; headers?: Record<string, string> } = {
  status: 200,
  body: JSON.stringify({ ok: true, id: "wire-1" }),
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(answer.status, {
        "content-type": "application/json",
        ...answer.headers,
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const body = {
  name: "Wire Format",
  email: "wire@example.org",
  phone: "(484) 555-0100",
  service: "carpet",
  otherService: "",
  message: 'Ünïcode and "quotes" survive the same way.',
  website: "",
  elapsedMs: 4200,
};

async function bothSend(publicKey: string) {
  received.length = 0;
  const supabase = createClient(base, publicKey, {
    // Node has no localStorage; without a session the request is the same as the browser's.
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const theirs = await supabase.functions.invoke("send-contact-email", { body });
  expect(theirs.error).toBeNull();
  const { url, init } = functionRequest(
    { projectUrl: base, publicKey, functionName: "send-contact-email" },
    body,
  );
  await fetch(url, init);
  const [supabaseJs, ours] = received;
  if (!supabaseJs || !ours) throw new Error("the server did not receive both requests");
  return { supabaseJs, ours };
}

/** The headers a server acts on; the rest are fetch's own (host, length, user agent, ...). */
const meaningful = ["content-type", "apikey", "authorization"] as const;

describe("the quote request on the wire, against supabase-js's functions.invoke", () => {
  it.each([
    ["a publishable key (apikey only)", "sb_publishable_wire-format-key"],
    ["a legacy JWT anon key (apikey and Authorization: Bearer)", "eyJhbGciOiJIUzI1NiJ9.e30.sig"],
  ])("sends the same method, URL, headers and body with %s", async (_, publicKey) => {
    const { supabaseJs, ours } = await bothSend(publicKey);
    expect(ours.method).toBe("POST");
    expect(ours.method).toBe(supabaseJs.method);
    expect(ours.url).toBe("/functions/v1/send-contact-email");
    expect(ours.url).toBe(supabaseJs.url);
    for (const name of meaningful) expect(ours.headers[name], name).toBe(supabaseJs.headers[name]);
    expect(ours.headers.apikey).toBe(publicKey);
    expect(ours.body).toBe(supabaseJs.body);
    expect(JSON.parse(ours.body)).toEqual(body);
    // The one header we leave out names the library, which the page no longer uses.
    const extra = Object.keys(supabaseJs.headers).filter((name) => !(name in ours.headers));
    expect(extra).toEqual(["x-client-info"]);
    expect(Object.keys(ours.headers).filter((name) => !(name in supabaseJs.headers))).toEqual([]);
  });
});

describe("sendContactRequest reads what supabase-js reads", () => {
  const send = async (reply: typeof answer) => {
    answer = reply;
    vi.stubGlobal("window", { location: { origin: base } });
    try {
      return await sendContactRequest(body as never);
    } finally {
      vi.unstubAllGlobals();
    }
  };

  it("succeeds on a 2xx answer", async () => {
    expect(await send({ status: 200, body: '{"ok":true,"id":"x"}' })).toEqual({ ok: true });
  });

  it("hands on the customer's page when the owner chose to open it after Send, and only a web address", async () => {
    const page = "https://www.example.org/functions/v1/send-contact-email/request/x?token=t";
    const reply = (value: string) => ({
      status: 200,
      body: JSON.stringify({ ok: true, id: "x", page: value }),
    });
    expect(await send(reply(page))).toEqual({ ok: true, page });
    expect(await send(reply("javascript:alert(1)"))).toEqual({ ok: true });
  });

  it.each([
    [
      "a 400 with the contract's error",
      { status: 400, body: '{"error":"Please enter your name."}' },
    ],
    ["a 503 that is not JSON", { status: 503, body: "Service Unavailable" }],
    [
      "the gateway's relay error",
      { status: 200, body: "{}", headers: { "x-relay-error": "true" } },
    ],
    ["a 200 that carries an error", { status: 200, body: '{"error":"x"}' }],
  ])("fails on %s", async (_, reply) => {
    expect((await send(reply)).ok).toBe(false);
  });

  it("fails when no answer comes", async () => {
    vi.stubGlobal("window", { location: { origin: "http://127.0.0.1:9" } });
    try {
      expect((await sendContactRequest(body as never)).ok).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
