import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { islandsIn, pageChunks, readChunkGraph } from "../../site-build/page-scripts";
import { expect, test } from "./fixtures";
import { routes, unknownPath } from "./helpers/site";

/**
 * Byte budgets, deterministic so they belong in the test suite (speed itself is measured by
 * `npm run bench:pages`):
 * - every document, headers and brotli body, fits the first TCP round trip Lighthouse simulates
 *   (ten 1,460-byte segments), with 500 bytes to spare: 14,100 bytes;
 * - the JavaScript a page can load is at most 25 KB of brotli, except the contact form's island,
 *   which only /contact loads: that island, with everything it loads then or later, is at most
 *   70 KB (decision 0025);
 * - as shipped (SITE_COUNTS off) no page has the counting beacon (app/islands/beacon.ts); with
 *   it on, the beacon is one file under 1 KB (site-counts.spec.ts).
 */
const firstRoundTrip = 14_100;
const pageScriptBudget = 25_000;
const formIslandBudget = 70 * 1024;
const formIsland = "contact-form";
const clientDir = path.resolve("build/client");

const brotliBytes = (content: Buffer) =>
  brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
    },
  }).byteLength;

const documentFile = (route: string) =>
  path.join(
    clientDir,
    route === "/" ? "index.html" : route === unknownPath ? "404/index.html" : `${route}/index.html`,
  );

/** The page's chunks and their brotli bytes, without the islands named in `except`. */
function scriptBytes(html: string, except: string[] = []) {
  let page = html;
  for (const name of except) page = page.replaceAll(`data-island="${name}"`, "");
  return pageChunks(readChunkGraph(clientDir), page).map((chunk) => ({
    chunk,
    bytes: brotliBytes(readFileSync(path.join(clientDir, chunk))),
  }));
}

const sum = (items: { bytes: number }[]) => items.reduce((total, item) => total + item.bytes, 0);

test.describe("page weight", { tag: "@desktop" }, () => {
  // Every page, the 404 page, and the thank-you page the contact function sends a browser to.
  for (const route of [...routes.map((entry) => entry.path), unknownPath, "/thank-you"]) {
    test(`${route}: the document fits the first round trip, and its JavaScript the budget`, async ({
      request,
    }) => {
      const response = await request.get(route, { headers: { "Accept-Encoding": "br" } });
      expect(response.headers()["content-encoding"]).toBe("br");
      const html = readFileSync(documentFile(route));
      const headers = response
        .headersArray()
        .reduce((total, { name, value }) => total + `${name}: ${value}\r\n`.length, 0);
      const statusLine = `HTTP/1.1 ${response.status()} ${response.statusText()}\r\n`.length;
      // The body is the brotli version the build wrote beside the page.
      const body = readFileSync(`${documentFile(route)}.br`).byteLength;
      const documentBytes = statusLine + headers + 2 + body;
      expect(documentBytes, `${route}: headers ${headers} bytes`).toBeLessThanOrEqual(
        firstRoundTrip,
      );

      const text = html.toString("utf8");
      const scripts = scriptBytes(text, [formIsland]);
      const list = scripts.map(({ chunk, bytes }) => `${chunk} ${bytes}`).join(", ");
      expect(sum(scripts), `${route}: ${list}`).toBeLessThanOrEqual(pageScriptBudget);
      expect(
        islandsIn(text).includes(formIsland),
        `${route}: the form's island is marked on /contact only`,
      ).toBe(route === "/contact");
    });
  }

  test("the form's island, with everything it loads then or later, fits 70 KB", () => {
    const chunks = readChunkGraph(clientDir).islands.get(formIsland) ?? [];
    const sizes = chunks.map((chunk) => ({
      chunk,
      bytes: brotliBytes(readFileSync(path.join(clientDir, chunk))),
    }));
    const list = sizes.map(({ chunk, bytes }) => `${chunk} ${bytes}`).join(", ");
    expect(chunks.length, "the build has the form's island").toBeGreaterThan(0);
    expect(sum(sizes), list).toBeLessThanOrEqual(formIslandBudget);
  });

  test("as shipped, no page counts anything: the beacon is on none", () => {
    for (const route of [...routes.map((entry) => entry.path), unknownPath, "/thank-you"]) {
      const html = readFileSync(documentFile(route), "utf8");
      expect(islandsIn(html), route).not.toContain("beacon");
    }
  });
});
