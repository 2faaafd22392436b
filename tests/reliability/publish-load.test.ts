/**
 * Pages during a publish (scenario-publish.ts) at a small count, on the real build (a publish
 * renders the site again from the server build, so the stand-in site will not do): needs
 * `npm run build` first. Prints its figures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { secret } from "../integration/support/fake-site.ts";
import { projectRoot } from "../integration/support/processes.ts";
import { createHarness, type Harness } from "./harness.ts";
import { formatScenario } from "./report.ts";
import { publishLoadScenario } from "./scenario-publish.ts";
import { expectAllHold } from "./use-harness.ts";

describe("pages during a publish", () => {
  let folder = "";
  let harness: Harness;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "publish-load-"));
    harness = createHarness({
      workDir: folder,
      staticDir: join(projectRoot, "build", "client"),
      secret,
    });
  });
  afterAll(async () => {
    await harness?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it("answers every request 200 with a whole page, all-old or all-new, while the site switches", async () => {
    const result = await publishLoadScenario(harness, {
      connections: 4,
      maxRequests: 20_000,
      afterSwitchMs: 1500,
      maxSeconds: 150,
    });
    console.log(formatScenario(result));
    expectAllHold(result);
  }, 200_000);
});
