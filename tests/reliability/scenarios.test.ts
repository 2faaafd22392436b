/**
 * The invariants of `npm run bench:server` scenarios 3, 4, 6, 7, 8 and 10 at small counts, with the same
 * scenario code (this folder), the real server process, SQLite on disk and a real SMTP
 * server on loopback: a regression fails CI although the full benchmark does not run there.
 * Scenario 5 (hostile input) is in hostile-input.test.ts, so the two files run side by side.
 */
import { describe, it } from "vitest";
import { abuseScenario } from "./scenario-abuse.ts";
import { crashScenario } from "./scenario-crash.ts";
import { gracefulDefaults, gracefulScenario } from "./scenario-graceful.ts";
import { headersScenario } from "./scenario-headers.ts";
import { mailOutageScenario } from "./scenario-mail-outage.ts";
import { poisonScenario } from "./scenario-poison.ts";
import { expectAllHold, useHarness } from "./use-harness.ts";

describe("bench:server scenarios at small counts", () => {
  const harness = useHarness();

  it("3. SIGKILL mid-load: every acknowledged request is on disk and e-mailed after restart", async () => {
    expectAllHold(await crashScenario(harness(), { submissions: 80, concurrency: 8 }));
  }, 60_000);

  it("4. mail outage: no visitor error, nothing lost, everything e-mailed once SMTP is back", async () => {
    expectAllHold(await mailOutageScenario(harness(), { seconds: 4, rate: 25 }));
  }, 60_000);

  it("6. abuse: 429 with Retry-After for one address only; identical requests make one e-mail", async () => {
    expectAllHold(
      await abuseScenario(harness(), { burst: 20, otherClients: 5, perClient: 2, identical: 10 }),
    );
  }, 60_000);

  it("8. poison: 40 messages refused for good never delay a real lead past one retry interval", async () => {
    expectAllHold(
      await poisonScenario(harness(), { poison: 40, real: 4, spacingMs: 400, retryBaseMs: 2000 }),
    );
  }, 60_000);

  it("10. SIGTERM with requests in the listen backlog: each is answered, with Connection: close", async () => {
    expectAllHold(await gracefulScenario(harness(), { ...gracefulDefaults, runs: 2 }));
  }, 60_000);

  it("7. security headers of pages, files and every kind of function answer", async () => {
    expectAllHold(
      await headersScenario(harness(), { routes: ["/", "/about", "/contact"], audit: false }),
    );
  }, 60_000);
});
