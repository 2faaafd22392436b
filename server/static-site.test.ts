import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createFakeSite } from "../tests/integration/support/fake-site.ts";
import { loadStaticSite } from "./static-site.ts";

const folder = mkdtempSync(join(tmpdir(), "static-site-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const bytes = (body: { bytes: Buffer } | { path: string }) => ("bytes" in body ? body.bytes : null);

describe("the site the build described", () => {
  it("is every file _headers.json lists, with its headers and versions, and nothing else", async () => {
    const root = await createFakeSite(folder);
    writeFileSync(join(root, "not-built.html"), "<p>copied in by hand</p>");
    const site = loadStaticSite(root);
    expect([...site.files.keys()]).not.toContain("/not-built.html");
    expect([...site.files.keys()]).not.toContain("/_headers.json");
    const page = site.files.get("/index.html");
    expect(page?.headers["Content-Security-Policy"]).toContain("script-src 'self' 'sha256-");
    const br = page?.encodings.br;
    expect(br?.etag).not.toBe(page?.headers.ETag);
    expect(brotliDecompressSync(bytes(br?.body ?? { path: "" }) ?? Buffer.alloc(0))).toEqual(
      readFileSync(join(root, "index.html")),
    );
    expect(site.notFound).toBe(site.files.get("/404/index.html"));
  });
});
