import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockedDownPolicy } from "../shared/security-headers.ts";
import type { SiteIndex } from "../shared/site-index.ts";
import { sha256Source } from "./csp.ts";
import { chunkGraph } from "./page-scripts.ts";
import { removeUnshipped, writeServingFiles } from "./ship-site.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ship-site-"));
  await mkdir(path.join(dir, "assets"));
  await mkdir(path.join(dir, "about"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => writeFile(path.join(dir, file), text);
const filesIn = async () =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

describe("removeUnshipped", () => {
  it("keeps what the loader reaches and what a page names; removes the rest", async () => {
    const graph = chunkGraph({
      "app/entry.client.tsx": {
        file: "assets/entry.client-1.js",
        dynamicImports: ["app/islands/menu.ts"],
      },
      "app/islands/menu.ts": { file: "assets/menu-2.js" },
      "app/routes/home.tsx?__react-router-build-client-route": {
        file: "assets/home-3.js",
        css: ["assets/root-4.css"],
      },
    });
    for (const file of [
      "assets/entry.client-1.js",
      "assets/menu-2.js",
      "assets/home-3.js",
      "assets/root-4.css",
      "assets/lazy-5.svg",
      "assets/inlined-6.svg",
      "__spa-fallback.html",
      "robots.txt",
      "robots.txt.data",
    ])
      await write(file, "x");
    await write("index.html", '<img src="/assets/lazy-5.svg" alt="">');

    const removed = await removeUnshipped(dir, graph);

    expect(removed.sort()).toEqual([
      "__spa-fallback.html",
      "assets/home-3.js",
      "assets/inlined-6.svg",
      "assets/root-4.css",
      "robots.txt.data",
    ]);
    expect(await filesIn()).toEqual([
      "assets/entry.client-1.js",
      "assets/lazy-5.svg",
      "assets/menu-2.js",
      "index.html",
      "robots.txt",
    ]);
  });
});

describe("writeServingFiles", () => {
  const script = "import('/assets/app-1.js')";
  const style = "p{margin:0}";
  const page = `<!doctype html><html><head><style>${style}</style></head><body>${"<p>Clean homes.</p>".repeat(100)}<script type="module">${script}</script></body></html>`;
  let index: SiteIndex;

  beforeEach(async () => {
    await write("index.html", page);
    await write("about/index.html", page.replace("Clean", "Happy"));
    await write("assets/app-1.js", `console.log(1);\n${"export const x = 1;\n".repeat(200)}`);
    await write("robots.txt", "User-agent: *\n");
    index = await writeServingFiles(dir, {
      functionOrigins: ["https://abc.supabase.co"],
      runtimeStyles: async (html) => (html.includes("Happy") ? [sha256Source("toast{}")] : []),
    });
  });

  it("lists every file with its type, caching, policy and ETag, and the 404 page if any", () => {
    expect(Object.keys(index.files)).toEqual([
      "/about/index.html",
      "/assets/app-1.js",
      "/index.html",
      "/robots.txt",
    ]);
    expect(index.notFound).toBeNull();
    const home = index.files["/index.html"]?.headers;
    expect(home?.["Content-Type"]).toBe("text/html; charset=utf-8");
    expect(home?.["Cache-Control"]).toBe("no-cache");
    expect(home?.["Content-Security-Policy"]).toContain(
      `script-src 'self' ${sha256Source(script)};`,
    );
    expect(home?.["Content-Security-Policy"]).toContain(`style-src 'self' ${sha256Source(style)};`);
    expect(home?.["Content-Security-Policy"]).toContain(
      "connect-src 'self' https://abc.supabase.co;",
    );
    expect(index.files["/about/index.html"]?.headers["Content-Security-Policy"]).toContain(
      sha256Source("toast{}"),
    );
    expect(index.files["/assets/app-1.js"]?.headers).toMatchObject({
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": lockedDownPolicy,
    });
    expect(home?.ETag).toMatch(/^"[\w-]{27}"$/);
  });

  it("writes brotli and gzip versions that decode to the file, each with its own ETag", async () => {
    const original = await readFile(path.join(dir, "assets/app-1.js"));
    const { encodings, headers } = index.files["/assets/app-1.js"] ?? {
      encodings: {},
      headers: {},
    };
    expect(encodings.br?.file).toBe("/assets/app-1.js.br");
    expect(brotliDecompressSync(await readFile(path.join(dir, "assets/app-1.js.br")))).toEqual(
      original,
    );
    expect(gunzipSync(await readFile(path.join(dir, "assets/app-1.js.gz")))).toEqual(original);
    expect(new Set([headers.ETag, encodings.br?.etag, encodings.gzip?.etag]).size).toBe(3);
    // Too small to gain anything.
    expect(index.files["/robots.txt"]?.encodings).toEqual({});
  });

  it("says the same to static hosts in _headers: security headers for all, a CSP per path", async () => {
    const rules = new Map<string, string[]>();
    let current = "";
    for (const line of (await readFile(path.join(dir, "_headers"), "utf8")).trim().split("\n")) {
      if (line.startsWith("  ")) {
        rules.get(current)?.push(line.trim());
      } else {
        current = line;
        rules.set(current, []);
      }
    }
    expect([...rules.keys()]).toEqual(["/*", "/assets/*", "/about", "/about/", "/", "/robots.txt"]);
    expect(rules.get("/*")).toContain("X-Content-Type-Options: nosniff");
    expect(rules.get("/*")?.join()).not.toContain("Content-Security-Policy");
    expect(rules.get("/*")?.join()).not.toContain("Cross-Origin-Opener-Policy");
    for (const [rule, file] of [
      ["/", "/index.html"],
      ["/about", "/about/index.html"],
      ["/about/", "/about/index.html"],
      ["/robots.txt", "/robots.txt"],
    ] as const) {
      expect(rules.get(rule)).toContain(
        `Content-Security-Policy: ${index.files[file]?.headers["Content-Security-Policy"]}`,
      );
    }
    expect(rules.get("/assets/*")).toContain("Cache-Control: public, max-age=31536000, immutable");
    expect(JSON.parse(await readFile(path.join(dir, "_headers.json"), "utf8"))).toEqual(index);
  });
});
