/**
 * SITE_COUNTS=on, as the owner turns it on (docs/counting.md): a build of its own,
 * served by a server of its own. The server counts a page's view as it serves it; the page sends
 * nothing at load, and a tap on a phone link is sent at the moment of the tap, once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Request } from "@playwright/test";
import { dataPaths } from "../../server/settings.ts";
import { islandsIn, readChunkGraph } from "../../site-build/page-scripts";
import { expect, test, waitForIsland, waitForIslands } from "./fixtures";
import { buildCountingSite } from "./helpers/counting-build.ts";
import { ownServer } from "./helpers/own-server.ts";

// One build and one server: the same at every width.
test.describe.configure({ mode: "serial" });

let clientDir = "";

const own = ownServer("counts", {
  mail: false,
  env: async () => {
    const built = await buildCountingSite("site-counts");
    clientDir = built.clientDir;
    return built.env;
  },
});

/** Today's count of `event` on `page`, read from the server's SQLite database. */
function counted(page: string, event: string): number {
  const db = new DatabaseSync(dataPaths(own.dataDir).database, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT SUM(count) AS total FROM site_counts WHERE path = ? AND event = ?")
      .get(page, event) as { total: number | null } | undefined;
    return Number(row?.total ?? 0);
  } finally {
    db.close();
  }
}

const countCalls = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url()).pathname.endsWith("/count"));

test.describe("counting, when the owner turns it on", { tag: "@desktop" }, () => {
  test("the server counts the view of a page it serves; the page sends nothing at load", async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const before = counted("/exton", "view");
    await page.goto(`${own.url}/exton`);
    await waitForIsland(page, "beacon");
    // Kept: proving the page sends nothing after load; a count that never comes has no event.
    // A second is about how long the beacon's own start and a timer at load would take.
    await page.waitForTimeout(1000);
    expect(countCalls(requests), "no count is sent at load").toHaveLength(0);
    await expect.poll(() => counted("/exton", "view")).toBe(before + 1);
    // A HEAD, a prefetch and a robot see the page, but nobody looked at it.
    await page.request.head(`${own.url}/exton`);
    await page.request.get(`${own.url}/exton`, { headers: { "Sec-Purpose": "prefetch" } });
    await page.request.get(`${own.url}/exton`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
    });
    // Then a person's view, counted after them (the server writes counts in the order it serves
    // the pages): once it is in, the three before it would be too, had they been counted.
    await page.request.get(`${own.url}/exton`);
    await expect.poll(() => counted("/exton", "view")).toBeGreaterThanOrEqual(before + 2);
    expect(counted("/exton", "view"), "only the two views of a person").toBe(before + 2);
  });

  test("a tap on a phone link sends one count, at the moment of the tap", async ({ page }) => {
    await page.goto(`${own.url}/berwyn`);
    await waitForIslands(page);
    await waitForIsland(page, "beacon");
    // The test keeps the browser from leaving for a phone app.
    await page.evaluate(() =>
      document.addEventListener("click", (event) => {
        if (event.target instanceof Element && event.target.closest('a[href^="tel:"]'))
          event.preventDefault();
      }),
    );
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    expect(countCalls(requests), "nothing before the tap").toHaveLength(0);

    const sent = page.waitForRequest((request) => request.url().endsWith("/count"));
    await page.getByRole("banner").getByRole("link", { name: /^Call/ }).click();
    const beacon = await sent;
    expect(beacon.postData()).toBe("e=call&p=%2Fberwyn");
    // The page's requests are reported in the order it makes them: a count sent before the tap
    // would be seen before the tap's.
    expect(countCalls(requests), "nothing before the tap").toEqual([beacon]);
    // Kept: proving the tap sends no second count; a repeat that never comes has no event.
    await page.waitForTimeout(1000);
    expect(countCalls(requests), "one tap, one count").toHaveLength(1);
    await expect.poll(() => counted("/berwyn", "call")).toBe(1);
  });

  test("the beacon is on every page, one file under 1 KB", () => {
    const files = readChunkGraph(clientDir).islands.get("beacon") ?? [];
    expect(files).toHaveLength(1);
    const bytes = readFileSync(join(clientDir, files[0] as string)).byteLength;
    expect(bytes, `${files[0]}`).toBeLessThan(1024);
    for (const page of ["index.html", "exton/index.html", "contact/index.html", "404/index.html"])
      expect(islandsIn(readFileSync(join(clientDir, page), "utf8")), page).toContain("beacon");
  });
});
