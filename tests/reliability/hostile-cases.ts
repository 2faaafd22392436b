/**
 * The hostile requests of scenario 5, generated from a seed so a run can be repeated exactly.
 * Each case names its category and what counts as a correct answer to it:
 *
 * - `json-error`: a request to the function that breaks the contract. Correct: one of the listed
 *   4xx statuses (the contract's status for that fault), Content-Type application/json and a body
 *   `{ "error": "<non-empty text>" }`. HEAD answers carry no body, so only status and type count.
 * - `static-refusal`: a static path attacked (encoded traversal, hidden files) or used with a
 *   method pages do not take. Correct: one of the listed statuses (400/404 for traversal: the
 *   prerendered 404 page or a plain 400; 405 for methods), and never a byte of the secret file
 *   that sits beside the site folder.
 * - `protocol-error`: bytes that are not valid HTTP/1.1 (smuggling, bad framing, bad header
 *   bytes, a TLS hello on the plain port). Correct: a 4xx in the list with a JSON `error`, or the
 *   connection closed with no answer when the client itself hung up (`closedIsFine`).
 * - `accepted`: a valid request (interleaved to prove the server still serves), or one that is
 *   valid but carries markup or Unicode line separators in its free text. Correct: 200 with an id;
 *   then the e-mail must show the text escaped (`mail: "escaped"`) or no injected header
 *   (`mail: "no-header"`).
 *
 * Transport: `http` cases go through autocannon on keep-alive connections; `raw` cases are
 * written byte for byte on their own socket (anything a client library would refuse to send, or
 * that makes the server close the connection).
 */
import { functionPath } from "./harness.ts";

export type Category =
  | "malformed-json"
  | "truncated-json"
  | "wrong-types"
  | "missing-fields"
  | "extra-fields"
  | "oversized-body"
  | "oversized-fields"
  | "invalid-utf8"
  | "control-chars"
  | "header-injection"
  | "markup-everywhere"
  | "deep-nesting"
  | "wrong-method"
  | "wrong-content-type"
  | "missing-key"
  | "wrong-key"
  | "foreign-origin"
  | "static-traversal"
  | "static-wrong-method"
  | "protocol"
  | "valid"
  | "markup-in-text";

export type Expectation =
  | { kind: "json-error"; statuses: readonly number[] }
  | { kind: "static-refusal"; statuses: readonly number[] }
  | { kind: "protocol-error"; statuses: readonly number[]; closedIsFine: boolean }
  | { kind: "accepted"; mail?: "escaped" | "no-header"; payload?: string };

export type HttpCase = {
  transport: "http";
  category: Category;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  expect: Expectation;
};

export type RawCase = {
  transport: "raw";
  category: Category;
  bytes: Buffer;
  /** Half-close the socket after writing (a client that gives up mid-request). */
  halfClose?: boolean;
  /** HEAD: the answer has headers only. */
  head?: boolean;
  expect: Expectation;
};

export type HostileCase = HttpCase | RawCase;

/** mulberry32: small, fast, good enough to vary test input reproducibly. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

const services = [
  "janitorial",
  "commercial",
  "office",
  "post-construction",
  "carpet",
  "floor-wax",
] as const;
const requiredFields = ["name", "email", "phone", "service", "message"] as const;
const singleLineFields = ["name", "email", "phone", "otherService"] as const;

/** (category, weight): how the flood is made up. Weights add up to 100. */
export const mix: [Category, number][] = [
  ["malformed-json", 6],
  ["truncated-json", 6],
  ["wrong-types", 6],
  ["missing-fields", 5],
  ["extra-fields", 5],
  ["oversized-body", 3],
  ["oversized-fields", 5],
  ["invalid-utf8", 6],
  ["control-chars", 6],
  ["header-injection", 5],
  ["markup-everywhere", 4],
  ["deep-nesting", 4],
  ["wrong-method", 4],
  ["wrong-content-type", 5],
  ["missing-key", 4],
  ["wrong-key", 4],
  ["foreign-origin", 3],
  ["static-traversal", 8],
  ["static-wrong-method", 2],
  ["protocol", 3],
  ["valid", 4],
  ["markup-in-text", 2],
];

const slots: Category[] = mix.flatMap(([category, weight]) =>
  Array.from({ length: weight }, () => category),
);

/** The category of case `index`: a fixed interleaving, so every stretch of 100 has the mix. */
export function categoryAt(index: number): Category {
  // A stride coprime with 100 spreads each category across the cycle instead of in one run.
  return slots[(index * 37) % slots.length] as Category;
}

export type ValidBody = {
  name: string;
  email: string;
  phone: string;
  service: string;
  otherService: string;
  message: string;
};

function validBody(rng: Rng, index: number, runId: string): ValidBody {
  return {
    name: pick(rng, ["Jane Doe", "Tom O'Brien", "María José Núñez", "Li Wei", "Ana-Lucía Pérez"]),
    email: `visitor${index}@example.org`,
    phone: `(484) 555-01${String(index % 100).padStart(2, "0")}`,
    service: pick(rng, services),
    otherService: "",
    message: `Hostile run ${runId}, interleaved request ${index}: two offices, weekly.`,
  };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

export const markupPayloads = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(document.cookie)>',
  "<svg/onload=alert(1)>",
  "</textarea><iframe src=javascript:alert(1)>",
  "<a href=\"javascript:alert('x')\">click</a>",
  "{{constructor.constructor('alert(1)')()}}",
  "<style>*{display:none}</style><b>bold</b>",
];

/** Anything a header could be split with. CR and LF are refused; the others are accepted text. */
const injections = [
  "\r\nBcc: victim@example.net",
  "\nCc: victim@example.net",
  "\rSubject: spoofed",
  "%0d%0aBcc: victim@example.net\r\nX-Extra: 1",
  "\r\n\r\n<html>body</html>",
];
const unicodeBreaks = ["\u2028Bcc: victim@example.net", "\u0085Cc: victim@example.net"];

const invalidUtf8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong "/"
  [0xe0, 0x80, 0xaf], // overlong
  [0xed, 0xa0, 0x80], // a UTF-16 surrogate
  [0xf8, 0x88, 0x80, 0x80, 0x80], // 5-byte form
  [0xe2, 0x82], // cut short
  [0x80], // lone continuation byte
];

// Control characters in the middle of a value (trimming would remove them at the ends).
const controls = ["\u0000", "\u0007", "\u001b[2J", "\u0008", "\u007f", "\u000b", "\r", "\u001f"];

const traversalPaths = [
  "/../../../../etc/passwd",
  "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "/..%2f..%2f..%2fsecret.txt",
  "/..%5c..%5csecret.txt",
  "/assets/../../secret.txt",
  "/assets/%2e%2e/%2e%2e/secret.txt",
  "/%252e%252e/%252e%252e/secret.txt",
  "/%c0%ae%c0%ae/secret.txt",
  "/%e0%80%ae%e0%80%ae/secret.txt",
  "/.%2e/.%2e/secret.txt",
  "/assets/..;/secret.txt",
  "/%00../secret.txt",
  "/..%00/secret.txt",
  "/....//....//secret.txt",
  "/.env",
  "/.git/config",
  "/%2eenv",
  "/secret.txt",
  "/site/../secret.txt",
  "//secret.txt",
  "/contact/%2e%2e/%2e%2e/secret.txt",
  "/assets/%2e%2e%2f..%2f..%2fsecret.txt",
  "/%5c..%5c..%5csecret.txt",
  "/about/%2e%2e%5c%2e%2e%5csecret.txt",
  "/%u002e%u002e/secret.txt",
  "/assets/%%32%65%%32%65/secret.txt",
];

/** Everything the function expects, so that only the fault under test is wrong. */
function functionHeaders(key: string, client: string): Record<string, string> {
  return { apikey: key, "content-type": "application/json", "x-forwarded-for": client };
}

const jsonError = (...statuses: number[]): Expectation => ({ kind: "json-error", statuses });

function withField(body: ValidBody, field: string, value: unknown): Record<string, unknown> {
  return { ...body, [field]: value };
}

/** Bytes of `{...valid, field: "<before><bad bytes><after>"}`. */
function withRawBytes(body: ValidBody, field: string, bad: number[]): Buffer {
  const marker = "@@BAD@@";
  const text = JSON.stringify(withField(body, field, `ab${marker}cd`));
  const [before = "", after = ""] = text.split(marker);
  return Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]);
}

function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer = Buffer.alloc(0),
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body.length > 0 && !("content-length" in headers) && !("transfer-encoding" in headers))
    lines.push(`content-length: ${body.length}`);
  lines.push("Connection: close");
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]);
}

export type CaseContext = {
  key: string;
  runId: string;
  seed: number;
  client: (index: number) => string;
};

/** Builds case `index` (deterministic for a given seed and run id). */
export function hostileCase(index: number, context: CaseContext): HostileCase {
  const rng = random(context.seed ^ Math.imul(index + 1, 0x9e3779b1));
  const category = categoryAt(index);
  const base = validBody(rng, index, context.runId);
  const headers = functionHeaders(context.key, context.client(index));
  const http = (
    body: Buffer | undefined,
    expect: Expectation,
    overrides: Partial<Omit<HttpCase, "transport" | "category">> = {},
  ): HttpCase => ({
    transport: "http",
    category,
    method: "POST",
    path: functionPath,
    headers,
    ...(body === undefined ? {} : { body }),
    expect,
    ...overrides,
  });

  switch (category) {
    case "valid":
      return http(json(base), { kind: "accepted" });

    case "markup-in-text": {
      const payload = pick(rng, markupPayloads);
      const body = { ...base, name: `Eve ${payload}`.slice(0, 100), message: `Hi ${payload} bye` };
      if (rng() < 0.5)
        Object.assign(body, { service: "other", otherService: payload.slice(0, 90) });
      return http(json(body), { kind: "accepted", mail: "escaped", payload });
    }

    case "malformed-json": {
      const templates = [
        "{",
        '{"name":}',
        '{"name":"a",}',
        '{name:"Jane"}',
        "{'name':'Jane'}",
        "[1,2",
        '{"name":"Jane"}}',
        "nul",
        "tru",
        '{"a":1}{"b":2}',
        '"unterminated',
        '{"name":"\\u12"}',
        '{"name":"a" "email":"b"}',
        "NaN",
        "Infinity",
        '{"name":01}',
        "",
        " ",
        '{"name":"Jane",\u0000}',
        "\ufeff{}",
      ];
      const garbage = Array.from({ length: between(rng, 1, 200) }, () =>
        String.fromCharCode(between(rng, 33, 126)),
      ).join("");
      const text = rng() < 0.8 ? pick(rng, templates) : `{${garbage}`;
      return http(Buffer.from(text), jsonError(400));
    }

    case "truncated-json": {
      const text = JSON.stringify(base);
      return http(Buffer.from(text.slice(0, between(rng, 1, text.length - 1))), jsonError(400));
    }

    case "wrong-types": {
      const values = [42, -1.5, true, false, null, [], ["Jane"], {}, { first: "Jane" }, 1e308];
      if (rng() < 0.25) {
        const whole = pick(rng, ["[]", '["Jane"]', '"Jane"', "42", "null", "true", "[{}]"]);
        return http(Buffer.from(whole), jsonError(400));
      }
      const field = pick(rng, [...requiredFields, "otherService"]);
      return http(json(withField(base, field, pick(rng, values))), jsonError(400));
    }

    case "missing-fields": {
      const body: Record<string, unknown> = { ...base };
      const drop = between(rng, 1, requiredFields.length);
      for (const field of [...requiredFields].sort(() => rng() - 0.5).slice(0, drop))
        delete body[field];
      return http(json(body), jsonError(400));
    }

    case "extra-fields": {
      const extras = [
        '"isAdmin":true',
        '"__proto__":{"isAdmin":true}',
        '"constructor":{"prototype":{"isAdmin":true}}',
        '"id":"00000000-0000-0000-0000-000000000000"',
        '"deliveryStatus":"sent"',
        '"to":"attacker@example.net"',
        '"bcc":"victim@example.net"',
      ];
      const text = JSON.stringify(base).replace(/}$/, `,${pick(rng, extras)}}`);
      return http(Buffer.from(text), jsonError(400));
    }

    case "oversized-body": {
      const size = between(rng, 16 * 1024 + 1, 256 * 1024);
      const body = json({ ...base, message: "x".repeat(size) });
      // Each case on its own connection: the server may close it after answering 413.
      return {
        transport: "raw",
        category,
        bytes: rawRequest("POST", functionPath, headers, body),
        expect: { kind: "protocol-error", statuses: [413], closedIsFine: false },
      };
    }

    case "oversized-fields": {
      const field = pick(rng, ["name", "email", "phone", "otherService", "message"] as const);
      const lengths = {
        name: [101, 3000],
        email: [255, 2000],
        phone: [33, 500],
        otherService: [101, 3000],
        message: [5001, 15_500],
      } as const;
      const [min, max] = lengths[field];
      const length = between(rng, min, max);
      const value =
        field === "email"
          ? `${"a".repeat(length - 12)}@example.org`
          : field === "phone"
            ? "5".repeat(length)
            : "y".repeat(length);
      const body = withField(base, field, value);
      if (field === "otherService") body.service = "other";
      return http(json(body), jsonError(400));
    }

    case "invalid-utf8": {
      const field = pick(rng, [...singleLineFields, "message"]);
      return http(withRawBytes(base, field, pick(rng, invalidUtf8)), jsonError(400));
    }

    case "control-chars": {
      const field = pick(rng, [...singleLineFields, "message"]);
      const body = withField(base, field, `Ja${pick(rng, controls)}ne`);
      if (field === "otherService") body.service = "other";
      return http(json(body), jsonError(400));
    }

    case "header-injection": {
      const field = pick(rng, ["name", "email", "phone", "service", "otherService"] as const);
      if (field === "name" && rng() < 0.4) {
        // Unicode line separators are text to the schema; the e-mail must still get no header.
        const payload = pick(rng, unicodeBreaks);
        return http(json({ ...base, name: `Jane${payload}`.slice(0, 100) }), {
          kind: "accepted",
          mail: "no-header",
          payload,
        });
      }
      const seed =
        field === "email" ? base.email : field === "otherService" ? "Windows" : base[field];
      const body = withField(base, field, `${seed}${pick(rng, injections)}`);
      if (field === "otherService") body.service = "other";
      return http(json(body), jsonError(400));
    }

    case "markup-everywhere": {
      const payload = pick(rng, markupPayloads);
      const body = Object.fromEntries(
        ["name", "email", "phone", "service", "otherService", "message"].map((field) => [
          field,
          payload,
        ]),
      );
      return http(json(body), jsonError(400));
    }

    case "deep-nesting": {
      const shape = pick(rng, ["array-field", "object", "top-array"] as const);
      let text: string;
      if (shape === "array-field") {
        const depth = between(rng, 100, 7000);
        text = `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`;
      } else if (shape === "object") {
        const depth = between(rng, 100, 2500);
        text = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      } else {
        const depth = between(rng, 100, 8000);
        text = `${"[".repeat(depth)}${"]".repeat(depth)}`;
      }
      return http(Buffer.from(text), jsonError(400));
    }

    case "wrong-method": {
      const method = pick(rng, ["GET", "PUT", "PATCH", "DELETE"]);
      const body = method === "GET" ? undefined : json(base);
      return http(body, jsonError(405), { method });
    }

    case "wrong-content-type": {
      // application/x-www-form-urlencoded is the quote form's plain HTML post, a type the
      // function takes (docs/contact-api.md, "The form without JavaScript").
      const type = pick(rng, [
        "text/plain",
        "multipart/form-data; boundary=x",
        "application/json; charset=iso-8859-1",
        "application/jsonx",
        "application/json, text/plain",
        "text/html",
        "application/xml",
        "",
      ]);
      const next = { ...headers };
      if (type) next["content-type"] = type;
      else delete next["content-type"];
      return http(json(base), jsonError(415), { headers: next });
    }

    case "missing-key": {
      const next = { ...headers };
      delete next.apikey;
      return http(json(base), jsonError(401), { headers: next });
    }

    case "wrong-key": {
      const next = { ...headers };
      delete next.apikey;
      const variant = between(rng, 0, 5);
      if (variant === 0) next.apikey = "sb_publishable_not-the-key";
      else if (variant === 1) next.apikey = context.key.toUpperCase();
      else if (variant === 2) next.authorization = "Bearer";
      else if (variant === 3)
        next.authorization = `Basic ${Buffer.from(`x:${context.key}`).toString("base64")}`;
      else if (variant === 4) next.apikey = "k".repeat(between(rng, 1000, 8000));
      else next.apikey = `${context.key}x`;
      return http(json(base), jsonError(401), { headers: next });
    }

    case "foreign-origin":
      return http(json(base), jsonError(403), {
        headers: {
          ...headers,
          origin: pick(rng, ["https://evil.example", "null", "http://localhost.evil.example"]),
        },
      });

    case "static-traversal":
      return http(
        undefined,
        { kind: "static-refusal", statuses: [400, 404] },
        {
          method: "GET",
          path: pick(rng, traversalPaths),
          headers: { "accept-encoding": "br, gzip" },
        },
      );

    case "static-wrong-method":
      return http(
        rng() < 0.5 ? json(base) : undefined,
        { kind: "static-refusal", statuses: [405] },
        {
          method: pick(rng, ["POST", "PUT", "DELETE", "PATCH"]),
          path: pick(rng, ["/", "/contact", "/about", "/robots.txt", "/functions/v1"]),
          headers: { "content-type": "application/json" },
        },
      );

    case "protocol":
      return protocolCase(rng, context, headers, base);
  }
}

function protocolCase(
  rng: Rng,
  context: CaseContext,
  headers: Record<string, string>,
  base: ValidBody,
): RawCase {
  const body = json(base);
  const raw = (
    bytes: Buffer | string,
    statuses: number[],
    options: { halfClose?: boolean; head?: boolean; closedIsFine?: boolean } = {},
  ): RawCase => ({
    transport: "raw",
    category: "protocol",
    bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, "latin1"),
    ...(options.halfClose ? { halfClose: true } : {}),
    ...(options.head ? { head: true } : {}),
    expect: { kind: "protocol-error", statuses, closedIsFine: options.closedIsFine ?? false },
  });
  const fp = functionPath;
  // Requests that get past the parser come from their own client address, like the flood.
  const client = `x-forwarded-for: ${headers["x-forwarded-for"]}\r\n`;
  const variants: (() => RawCase)[] = [
    () => raw(`CONNECT 127.0.0.1:25 HTTP/1.1\r\nHost: 127.0.0.1:25\r\n\r\n`, [400, 405]),
    () => raw(rawRequest("TRACE", fp, headers), [405]),
    () => raw(rawRequest("FOO", fp, headers, body), [400, 405, 501]),
    () => raw(rawRequest("PROPFIND", fp, headers), [405]),
    () => raw(rawRequest("HEAD", fp, headers), [405], { head: true }),
    () => raw(`POST ${fp} HTTP/1.1\r\nHost: x\r\nX-A: a\rBcc: b\r\n\r\n`, [400]),
    () => raw(`POST ${fp} HTTP/1.1\r\nHost: x\r\nX-A: a\r\n Bcc: folded\r\n\r\n`, [400]),
    () =>
      raw(
        `POST ${fp} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n`,
        [400],
      ),
    () =>
      raw(
        `POST ${fp} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n`,
        [400],
      ),
    () =>
      raw(
        `POST ${fp} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcde`,
        [400],
      ),
    () => raw(`POST ${fp} HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`, [400]),
    () =>
      raw(
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(between(rng, 17_000, 40_000))}\r\n\r\n`,
        [431],
      ),
    () => raw("GARBAGE\r\n\r\n", [400]),
    () => raw("GET / HTTP/9.9\r\nHost: x\r\n\r\n", [400, 505]),
    () => raw(Buffer.from("16030100a5010000a10303", "hex"), [400]),
    () => raw("GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n", [400]),
    () => raw("GET / HTTP/1.1\r\nBad Name: y\r\n\r\n", [400]),
    () => raw("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n", [400]),
    () => raw("GET / HTTP/1.1\r\n\r\n", [400]),
    () =>
      raw(
        Buffer.concat([
          Buffer.from("GET /caf"),
          Buffer.from([0xe9, 0xff]),
          Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n"),
        ]),
        [400],
      ),
    () =>
      raw(
        `POST ${fp} HTTP/1.1\r\nHost: x\r\n${client}apikey: ${context.key}\r\ncontent-type: application/json\r\nContent-Length: ${between(rng, 100_000, 1_000_000_000)}\r\n\r\n{"name":`,
        [413],
      ),
    () =>
      raw(
        `POST ${fp} HTTP/1.1\r\nHost: x\r\n${client}apikey: ${context.key}\r\ncontent-type: application/json\r\nContent-Length: 500\r\n\r\n{"name":"Ja`,
        [400],
        { halfClose: true, closedIsFine: true },
      ),
    () =>
      raw(
        `POST ${fp} HTTP/1.1\r\nHost: x\r\n${client}apikey: ${context.key}\r\ncontent-type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(20_000).toString(16)}\r\n${"x".repeat(20_000)}\r\n0\r\n\r\n`,
        [413],
      ),
  ];
  return pick(rng, variants)();
}
