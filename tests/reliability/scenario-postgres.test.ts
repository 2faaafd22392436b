/**
 * `npm run bench:server` scenario 9 at small counts: two servers on one real Postgres, one killed
 * with SIGKILL mid-load and restarted; every acknowledged request stored once and e-mailed once
 * (the killed server's unconfirmed batch apart), none by both servers.
 */
import { describe, it } from "vitest";
import { postgresRuns } from "../integration/support/postgres.ts";
import { postgresScenario } from "./scenario-postgres.ts";
import { expectAllHold, useHarness } from "./use-harness.ts";

describe.skipIf(!postgresRuns)("bench:server scenario 9 at small counts", () => {
  const harness = useHarness();

  it("9. two servers on one Postgres, one SIGKILLed mid-load: stored once, e-mailed once", async () => {
    expectAllHold(
      await postgresScenario(harness(), {
        submissions: 200,
        throughputSubmissions: 60,
        concurrency: 8,
      }),
    );
  }, 120_000);
});
