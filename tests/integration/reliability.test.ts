/**
 * The invariants of `npm run bench:server` scenarios 3-7 at small counts, with the same scenario
 * code (scripts/bench/server/), the real server process, SQLite on disk and a real SMTP server on
 * loopback: a regression fails CI even though the full benchmark does not run there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../scripts/bench/server/harness.ts";
import type { ScenarioResult } from "../../scripts/bench/server/report.ts";
import { abuseScenario } from "../../scripts/bench/server/scenario-abuse.ts";
import { crashScenario } from "../../scripts/bench/server/scenario-crash.ts";
import { headersScenario } from "../../scripts/bench/server/scenario-headers.ts";
import { hostileScenario } from "../../scripts/bench/server/scenario-hostile.ts";
import { mailOutageScenario } from "../../scripts/bench/server/scenario-mail-outage.ts";
import { createFakeSite, secret } from "./support/fake-site.ts";

let folder = "";
let harness: Harness;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "reliability-"));
  harness = createHarness({ workDir: folder, staticDir: createFakeSite(folder), secret });
});
afterEach(async () => {
  await harness.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** Every invariant holds; on failure the figures and notes are in the message. */
function expectAllHold(result: ScenarioResult) {
  const broken = result.checks.filter((item) => !item.ok && !item.advisory);
  const context = [...result.figures.map(([label, value]) => `${label}: ${value}`), ...(result.notes ?? [])];
  expect(broken, context.join("\n")).toEqual([]);
}

describe("bench:server scenarios at small counts", () => {
  it("3. SIGKILL mid-load: every acknowledged request is on disk and e-mailed after restart", async () => {
    expectAllHold(await crashScenario(harness, { submissions: 80, concurrency: 8 }));
  }, 60_000);

  it("4. mail outage: no visitor error, nothing lost, everything e-mailed once SMTP is back", async () => {
    expectAllHold(await mailOutageScenario(harness, { seconds: 4, rate: 25 }));
  }, 60_000);

  it("5. hostile input: contract answers, nothing invalid stored, slow client cut, memory flat", async () => {
    expectAllHold(
      await hostileScenario(harness, { count: 500, slowClients: 1, slowKinds: ["headers"] }),
    );
  }, 60_000);

  it("6. abuse: 429 with Retry-After for one address only; identical requests make one e-mail", async () => {
    expectAllHold(
      await abuseScenario(harness, { burst: 20, otherClients: 5, perClient: 2, identical: 10 }),
    );
  }, 60_000);

  it("7. security headers of pages, files and every kind of function answer", async () => {
    expectAllHold(await headersScenario(harness, { routes: ["/", "/about", "/contact"], audit: false }));
  }, 60_000);
});
