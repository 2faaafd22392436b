/**
 * docs/contact-api.md as tests, run against every host of send-contact-email over real HTTP:
 * the Node server (node-host.test.ts) and the Supabase entry under Deno (deno-host.test.ts).
 * Each test speaks from its own client address (X-Forwarded-For; the hosts run with
 * TRUST_PROXY=1) so that the rate limit of one test never touches another.
 */

import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { estimate } from "../../shared/quote/estimate.ts";
import { bookableDates, formatWindow } from "../../shared/quote/preferred-windows.ts";
import { validRequest } from "./support/requests.ts";

export type DeliveredMail = {
  /** Who really receives it (the SMTP envelope, or the API's `to`). */
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  headerNames: string[];
};

export type ContractHost = {
  /** The server's base URL, used as the Supabase project URL by supabase-js. */
  projectUrl: string;
  publicKey: string;
  allowedOrigin: string;
  rateLimitMax: number;
  mailTo: string;
  waitForMail(id: string): Promise<DeliveredMail>;
  mailCount(id: string): number;
  /** One pass of every queue, after the one in flight (the function's /drain route). */
  drain(): Promise<void>;
  /** Runs `work` while the host's store cannot be written. */
  withStoreUnavailable<T>(work: (projectUrl: string) => Promise<T>): Promise<T>;
};

let clientCounter = 0;
function newClient(): string {
  clientCounter += 1;
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
}

export const functionPath = "/functions/v1/send-contact-email";

export function describeContactContract(hostName: string, getHost: () => ContractHost) {
  describe(`${hostName}: the send-contact-email contract`, () => {
    const endpoint = (base = getHost().projectUrl) => `${base}${functionPath}`;

    function send(
      body: unknown,
      {
        headers = {},
        client = newClient(),
        method = "POST",
        base,
      }: {
        headers?: Record<string, string>;
        client?: string;
        method?: string;
        base?: string;
      } = {},
    ) {
      return fetch(endpoint(base), {
        method,
        headers: {
          apikey: getHost().publicKey,
          "content-type": "application/json",
          "x-forwarded-for": client,
          ...headers,
        },
        body:
          body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    }

    async function expectJsonError(response: Response, status: number) {
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await response.json()) as { error?: unknown };
      expect(typeof body.error).toBe("string");
      expect(body.error).not.toBe("");
      return body as { error: string; fields?: Record<string, string> };
    }

    it("stores a valid request, answers 200 with its id, and e-mails the business", async () => {
      const input = validRequest({ name: "Maria Lopez", service: "post-construction" });
      const response = await send(input);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as { ok: boolean; id: string };
      expect(body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

      const mail = await getHost().waitForMail(body.id);
      expect(mail.to).toEqual([getHost().mailTo]);
      expect(mail.replyTo).toContain(`<${input.email}>`);
      expect(mail.replyTo).toContain("Maria Lopez");
      expect(mail.subject).toBe("Quote request: Post-Construction Cleaning from Maria Lopez");
      for (const value of [input.name, input.email, input.phone, input.message, body.id]) {
        expect(mail.text).toContain(value);
        expect(mail.html).toContain(value);
      }
    });

    it("stores optional quote details and the owner's e-mail says them in plain words", async () => {
      const [day] = bookableDates(new Date(), repositoryFacts());
      const windows = [{ date: day as string, window: "morning" }];
      const inputs = {
        kind: "business",
        squareFeet: 6000,
        visitsPerWeek: 3,
        addOns: ["interior-windows"],
      } as const;
      const response = await send({
        ...validRequest({ name: "Quote Details", message: "Quote details case" }),
        zip: "19312",
        estimate: { ...inputs, low: 1, high: 2 },
        preferredWindows: windows,
      });
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const mail = await getHost().waitForMail(id);
      const priced = estimate(inputs, null, repositoryFacts().priceList);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain("19312, Berwyn, in our service area");
        expect(part).toContain(`$${priced.low}–$${priced.high} a visit`);
        expect(part).toContain(formatWindow(windows[0] as never));
      }
    });

    it("works with the real supabase-js client, as the page calls it", async () => {
      const client = newClient();
      const supabase = createClient(getHost().projectUrl, getHost().publicKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { "x-forwarded-for": client } },
      });
      const ok = await supabase.functions.invoke("send-contact-email", { body: validRequest() });
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual({ ok: true, id: expect.any(String) });
      const bad = await supabase.functions.invoke("send-contact-email", {
        body: { ...validRequest(), email: "not an address" },
      });
      expect(bad.error).toBeTruthy();
      expect(bad.response?.status).toBe(400);
    });

    it("answers 400 naming each invalid field, and stores and sends nothing", async () => {
      const body = await expectJsonError(
        await send({ ...validRequest(), email: "x", phone: "12", service: "windows" }),
        400,
      );
      expect(Object.keys(body.fields ?? {}).sort()).toEqual(["email", "phone", "service"]);
    });

    it("requires otherService for Other, with the form's own message", async () => {
      const body = await expectJsonError(
        await send(validRequest({ service: "other", otherService: "" })),
        400,
      );
      expect(body.fields).toEqual({ otherService: "Please specify the service you need" });
    });

    it.each([
      ["malformed JSON", '{"name":"Jane",'],
      ["truncated JSON", JSON.stringify(validRequest()).slice(0, 40)],
      ["an array", "[]"],
      ["a number", "42"],
      ["wrong types", JSON.stringify({ ...validRequest(), name: 42, message: ["x"] })],
      ["missing fields", JSON.stringify({ name: "Jane" })],
      ["an extra field", JSON.stringify({ ...validRequest(), isAdmin: true })],
    ])("answers 400 to %s", async (_, body) => {
      await expectJsonError(await send(body), 400);
    });

    it("answers 413 to a body over 16 KiB", async () => {
      await expectJsonError(await send({ ...validRequest(), message: "x".repeat(17 * 1024) }), 413);
    });

    // application/x-www-form-urlencoded is the plain HTML form's post: see the cases below.
    it.each(["text/plain", "multipart/form-data; boundary=x", "application/xml"])(
      "answers 415 to %s",
      async (type) => {
        await expectJsonError(
          await send(validRequest(), { headers: { "content-type": type } }),
          415,
        );
      },
    );

    /** The quote form posted without JavaScript, as a browser on the site's page sends it. */
    function postForm(fields: Record<string, string>, accept = "text/html,*/*;q=0.8") {
      return fetch(endpoint(), {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept,
          origin: getHost().allowedOrigin,
          "x-forwarded-for": newClient(),
        },
        body: new URLSearchParams({ apikey: getHost().publicKey, website: "", ...fields }),
      });
    }

    it("takes the plain form's post: 303 to the site's thank-you page, stored and e-mailed as JSON would be", async () => {
      const input = validRequest({ name: "Form Poster", service: "office" });
      const response = await postForm({ ...input, zip: "19406" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`${getHost().allowedOrigin}/thank-you`);
      // The same request again, as an API client: a repeat, answered with the stored one's id.
      const repeat = await postForm({ ...input, zip: "19406" }, "application/json");
      expect(repeat.status).toBe(200);
      const { id } = (await repeat.json()) as { id: string };
      const mail = await getHost().waitForMail(id);
      expect(mail.subject).toBe("Quote request: Office Cleaning from Form Poster");
      expect(mail.text).toContain(input.message);
      expect(mail.text).toContain("19406, King of Prussia, in our service area");
    });

    it("shows a browser's invalid form post the spec's message and its values, in a page without script", async () => {
      const input = validRequest({ name: "Nova Form", service: "other", otherService: "" });
      const response = await postForm(input);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
      const html = await response.text();
      expect(html).toContain("Please specify the service you need");
      expect(html).toContain('value="Nova Form"');
      expect(html).not.toMatch(/<script/i);
    });

    it.each([
      ["no key", { apikey: "" }],
      ["a wrong apikey", { apikey: "sb_publishable_wrong" }],
      ["a wrong bearer only", { apikey: "", authorization: "Bearer nope" }],
    ])("answers 401 to %s", async (_, headers) => {
      await expectJsonError(await send(validRequest(), { headers }), 401);
    });

    it("accepts the key as Authorization: Bearer too", async () => {
      const response = await send(validRequest(), {
        headers: { apikey: "", authorization: `Bearer ${getHost().publicKey}` },
      });
      expect(response.status).toBe(200);
    });

    it.each(["GET", "PUT", "DELETE", "PATCH"])("answers 405 to %s", async (method) => {
      const response = await send(method === "GET" ? undefined : validRequest(), { method });
      await expectJsonError(response, 405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    });

    it("answers the CORS preflight for the site's origin with the headers supabase-js sends", async () => {
      const response = await fetch(endpoint(), {
        method: "OPTIONS",
        headers: {
          origin: getHost().allowedOrigin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "apikey,authorization,content-type,x-client-info",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(getHost().allowedOrigin);
      expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
      const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(/,\s*/);
      for (const name of ["authorization", "x-client-info", "apikey", "content-type"]) {
        expect(allowed).toContain(name);
      }
    });

    it("lets the site's origin read the answer, and refuses other origins", async () => {
      const allowed = await send(validRequest(), { headers: { origin: getHost().allowedOrigin } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe(getHost().allowedOrigin);

      const evil = "https://evil.example.net";
      const preflight = await fetch(endpoint(), {
        method: "OPTIONS",
        headers: { origin: evil, "access-control-request-method": "POST" },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      const refused = await send(validRequest(), { headers: { origin: evil } });
      await expectJsonError(refused, 403);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("answers 429 with Retry-After past the limit for one address, not for others", async () => {
      const client = newClient();
      for (let index = 0; index < getHost().rateLimitMax; index += 1) {
        expect((await send(validRequest(), { client })).status).toBe(200);
      }
      const limited = await send(validRequest(), { client });
      await expectJsonError(limited, 429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await send(validRequest())).status).toBe(200);
    });

    it("answers a repeat with the first id and sends one e-mail", async () => {
      const input = validRequest();
      const first = (await (await send(input)).json()) as { id: string };
      const again = (await (await send(input)).json()) as { id: string };
      expect(again.id).toBe(first.id);
      await getHost().waitForMail(first.id);
      // Whatever else was due has been attempted: a second e-mail would be here by now.
      await getHost().drain();
      expect(getHost().mailCount(first.id)).toBe(1);
    });

    it("keeps visitor text inert: escaped in the HTML part, never a header", async () => {
      const script = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
      const input = validRequest({
        name: `Eve\u2028Bcc: victim@example.net`,
        service: "other",
        otherService: `<b>Windows</b>`,
        message: `${script}\nSecond line & more`,
      });
      const response = await send(input);
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const mail = await getHost().waitForMail(id);
      expect(mail.to).toEqual([getHost().mailTo]);
      expect(mail.headerNames.map((name) => name.toLowerCase())).not.toContain("bcc");
      expect(mail.replyTo).not.toMatch(/[\r\n\u2028]/);
      expect(mail.subject).not.toMatch(/[\r\n\u2028]/);
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img src=x");
      expect(mail.html).not.toContain("<b>Windows");
      expect(mail.html).toContain("&lt;script&gt;");
      expect(mail.text).toContain(script);
    });

    it("refuses line breaks in single-line fields", async () => {
      const body = await expectJsonError(
        await send(validRequest({ name: "Eve\r\nBcc: victim@example.net" })),
        400,
      );
      expect(Object.keys(body.fields ?? {})).toEqual(["name"]);
    });

    it("answers 503 when the store cannot take the request, and 200 once it can", async () => {
      const input = validRequest();
      const client = newClient();
      await getHost().withStoreUnavailable(async (projectUrl) => {
        const body = await expectJsonError(await send(input, { client, base: projectUrl }), 503);
        expect(body.error).toMatch(/call us/);
      });
      const retried = await send(input, { client });
      expect(retried.status).toBe(200);
    });
  });
}
