/**
 * The embedded server's pages: routing of prerendered files, 404s, caching, precompression,
 * security headers with a CSP built from each page's own inline scripts, and path traversal.
 * Runs the real server process against a small stand-in site (support/fake-site.ts).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFakeSite,
  inlineScripts,
  inlineStyle,
  secret,
  styleAttribute,
} from "./support/fake-site.ts";
import { type HostProcess, startNodeServer } from "./support/processes.ts";

let folder = "";
let root = "";
let server: HostProcess;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "static-"));
  root = await createFakeSite(folder);
  server = await startNodeServer({ STATIC_DIR: root, DATA_DIR: join(folder, "data") }, folder);
});
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A raw request: the path goes on the wire exactly as written (fetch would normalise it). */
function raw(path: string, { method = "GET", headers = {} as Record<string, string> } = {}) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest({ hostname, port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([k, v]) => [k, String(v)]),
            ),
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("pages", () => {
  it("serves / and /about from their index.html, revalidated by ETag", async () => {
    const home = await raw("/");
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.body.toString()).toContain("<title>Home</title>");
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(home.headers.etag).toMatch(/^"[\w-]+"$/);
    const about = await raw("/about?ref=nav");
    expect(about.status).toBe(200);
    expect(about.body.toString()).toContain("<title>About</title>");
  });

  it("answers 304 when the page has not changed", async () => {
    const first = await raw("/about");
    const again = await raw("/about", {
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it("redirects /about/ and /about/index.html to /about, keeping the query", async () => {
    for (const path of ["/about/", "/about/index.html"]) {
      const response = await raw(`${path}?x=1`);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe("/about?x=1");
    }
    expect((await raw("/index.html")).headers.location).toBe("/");
  });

  it("answers unknown paths with the 404 page and status 404", async () => {
    for (const path of ["/no-such-page", "/about/team", "/assets/missing.js", "/404"]) {
      const response = await raw(path);
      expect(response.status, path).toBe(404);
      expect(response.body.toString()).toContain("<title>404 Not Found</title>");
      expect(response.headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    }
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await raw("/contact");
    const head = await raw("/contact", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("refuses other methods on pages with 405", async () => {
    const response = await raw("/", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });
});

describe("security headers", () => {
  it("allow exactly the page's own inline scripts and styles, never 'unsafe-inline'", async () => {
    const { headers } = await raw("/");
    const csp = headers["content-security-policy"] ?? "";
    const directives = Object.fromEntries(
      csp.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives["script-src"]?.sort()).toEqual(["'self'", ...inlineScripts.map(hash)].sort());
    expect(directives["style-src"]).toEqual([
      "'self'",
      hash(inlineStyle),
      "'unsafe-hashes'",
      hash(styleAttribute),
    ]);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
  });

  it.each(["/", "/assets/app-3f9a1c.js", "/no-such-page", "/functions/v1/send-contact-email"])(
    "come with every response, e.g. %s",
    async (path) => {
      const { headers } = await raw(path);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      // Public pages and files isolate nothing worth a second JavaScript context on a phone.
      expect(headers["cross-origin-opener-policy"]).toBeUndefined();
    },
  );
});

describe("assets", () => {
  it("are cached for a year as immutable", async () => {
    const response = await raw("/assets/app-3f9a1c.js");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("come brotli- or gzip-compressed as the client accepts, identical once decoded", async () => {
    const original = readFileSync(join(root, "assets", "app-3f9a1c.js"));
    const br = await raw("/assets/app-3f9a1c.js", {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.body.byteLength).toBeLessThan(original.byteLength);
    expect(brotliDecompressSync(br.body)).toEqual(original);
    const gz = await raw("/assets/app-3f9a1c.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body)).toEqual(original);
    const plain = await raw("/assets/app-3f9a1c.js", {
      headers: { "accept-encoding": "br;q=0, gzip;q=0" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(original);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it("compress pages too", async () => {
    const page = await raw("/", { headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.body).toString()).toContain("<title>Home</title>");
  });

  it("are sent whole even when a range is asked for (a server may ignore Range)", async () => {
    const response = await raw("/robots.txt", { headers: { range: "bytes=0-0" } });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("User-agent: *\nAllow: /\n");
  });

  it("are only what the build listed: not its index, its host headers or the encoded copies", async () => {
    for (const path of [
      "/_headers.json",
      "/_headers",
      "/assets/app-3f9a1c.js.br",
      "/index.html.gz",
    ]) {
      const response = await raw(path);
      expect(response.status, path).toBe(404);
      expect(response.body.toString()).toContain("<title>404 Not Found</title>");
    }
  });

  it("serve other files with their types", async () => {
    expect((await raw("/robots.txt")).headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect((await raw("/favicon.svg")).headers["content-type"]).toBe("image/svg+xml");
  });
});

describe("path traversal", () => {
  it.each([
    "/../secret.txt",
    "/../../../../etc/passwd",
    "/%2e%2e/secret.txt",
    "/%2E%2E%2Fsecret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/assets/%2e%2e/%2e%2e/secret.txt",
    "/..%5csecret.txt",
    "/%252e%252e/secret.txt",
    "//secret.txt",
    "/.env",
    "/%2eenv",
    "/about/%00",
    "/about%00.html",
    "/etc/passwd%00.html",
  ])("never serves anything outside the site: %s", async (path) => {
    const response = await raw(path);
    expect([400, 404]).toContain(response.status);
    expect(response.body.toString()).not.toContain(secret);
  });

  it("answers 400 to malformed percent-encoding", async () => {
    expect((await raw("/%E0%A4%A")).status).toBe(400);
  });
});

describe("the function's neighbours", () => {
  it.each(["TRACE", "PROPFIND"])("answers %s on the function with a JSON 405", async (method) => {
    const response = await raw("/functions/v1/send-contact-email", { method });
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body.toString())).toEqual({ error: expect.any(String) });
  });

  it("answers unknown functions with a JSON 404", async () => {
    const response = await raw("/functions/v1/other-function", { method: "POST" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ error: expect.any(String) });
  });
});
