/**
 * `npm run bench:server` scenario 5 at a small count: 500 generated hostile requests of every
 * category (valid ones interleaved) and a client trickling its headers, against the real server
 * process. Every answer must be the contract's for its category, nothing invalid stored, the
 * e-mails inert, the slow client cut off, the memory flat after a full GC.
 */
import { describe, it } from "vitest";
import { hostileScenario } from "./scenario-hostile.ts";
import { expectAllHold, useHarness } from "./use-harness.ts";

describe("bench:server scenario 5 at a small count", () => {
  const harness = useHarness();

  it("hostile input: contract answers, nothing invalid stored, slow client cut, memory flat", async () => {
    expectAllHold(
      await hostileScenario(harness(), { count: 500, slowClients: 1, slowKinds: ["headers"] }),
    );
  }, 60_000);
});
