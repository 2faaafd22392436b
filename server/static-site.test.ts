import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createFakeSite } from "../tests/integration/support/fake-site.ts";
import { loadStaticSite, quickBrotliQuality, refineCompression } from "./static-site.ts";

const folder = mkdtempSync(join(tmpdir(), "static-site-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("brotli versions", () => {
  it("are quick at load, then at best quality, with a new ETag and the same content", async () => {
    const site = await loadStaticSite(createFakeSite(folder));
    const page = site.files.get("/index.html");
    const quick = page?.br;
    expect(quick?.etag).toMatch(new RegExp(`-br${quickBrotliQuality}"$`));

    const improved = await refineCompression(site, undefined, { restRatio: 0 });
    expect(improved).toBeGreaterThan(0);
    const best = page?.br;
    expect(best?.etag).toMatch(/-br"$/);
    expect(best?.body.byteLength).toBeLessThan(quick?.body.byteLength ?? 0);
    expect(brotliDecompressSync(best?.body ?? Buffer.alloc(0))).toEqual(page?.body);
  });

  it("stop improving when asked to (shutdown)", async () => {
    const site = await loadStaticSite(createFakeSite(join(folder, "again")));
    const stop = new AbortController();
    stop.abort();
    expect(await refineCompression(site, stop.signal)).toBe(0);
  });
});
