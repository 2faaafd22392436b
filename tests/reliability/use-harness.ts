/**
 * For tests that run the scenarios of `npm run bench:server` at small counts: a harness on the
 * stand-in site in a temporary folder, and the assertion that every invariant of a result holds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import { createFakeSite, secret } from "../integration/support/fake-site.ts";
import { createHarness, type Harness } from "./harness.ts";
import type { ScenarioResult } from "./report.ts";

/** A fresh harness for each test (stopped and removed after it); call inside a describe block. */
export function useHarness(): () => Harness {
  let folder = "";
  let harness: Harness | undefined;
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), "reliability-"));
    harness = createHarness({ workDir: folder, staticDir: await createFakeSite(folder), secret });
  });
  afterEach(async () => {
    await harness?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (!harness) throw new Error("no harness outside a test");
    return harness;
  };
}

/** Every invariant holds; on failure the scenario's figures and notes are in the message. */
export function expectAllHold(result: ScenarioResult) {
  const broken = result.checks.filter((item) => !item.ok && !item.advisory);
  const context = [
    ...result.figures.map(([label, value]) => `${label}: ${value}`),
    ...(result.notes ?? []),
  ];
  expect(broken, context.join("\n")).toEqual([]);
}
