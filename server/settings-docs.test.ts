/**
 * The settings' allowed ranges live in the code (start-up refuses anything else); the settings
 * table (docs/settings.md) and .env.example say the same ranges, so the owner reads them before a start
 * fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readServerSettings } from "./settings.ts";

const projectRoot = join(import.meta.dirname, "..");
const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
const settingsDoc = readFileSync(join(projectRoot, "docs", "settings.md"), "utf8");
const example = readFileSync(join(projectRoot, ".env.example"), "utf8");

/** The settings table's row naming `variable` (docs/settings.md, linked from the README). */
const row = (variable: string) =>
  settingsDoc
    .split("\n")
    .find((line) => line.startsWith("|") && line.includes(`\`${variable}\``)) ?? "";

/** The comment block just above `variable=` in .env.example. */
function exampleComment(variable: string): string {
  const lines = example.split("\n");
  const at = lines.findIndex((line) => line.startsWith(`${variable}=`));
  expect(at, variable).toBeGreaterThan(0);
  let start = at;
  while (start > 0 && /^(#|[A-Z_]+=)/.test(lines[start - 1] ?? "")) start -= 1;
  return lines.slice(start, at).join(" ");
}

/** The range a start-up error names for an out-of-range value, e.g. [0, 720]. */
function refusedRange(variable: string, bad: string): [string, string] {
  try {
    readServerSettings({ [variable]: bad }, { cwd: projectRoot });
  } catch (error) {
    const range = /from (\d[\d,]*\d|\d) to (\d[\d,]*\d|\d)/.exec(String(error));
    if (range) return [range[1] as string, range[2] as string];
    throw error;
  }
  throw new Error(`${variable}=${bad} was accepted`);
}

const plain = (text: string) => text.replace(/,(?=\d{3})/g, "");

describe("the settings' ranges, as the owner reads them", () => {
  it.each([
    ["RATE_LIMIT_MAX", "0"],
    ["RATE_LIMIT_WINDOW_MS", "1"],
    ["REVIEW_AFTER_HOURS", "9999"],
    ["FOLLOW_UP_AFTER_DAYS", "9999"],
    ["CONTENT_CHECK_MS", "5"],
    ["SITE_LINK_TTL_DAYS", "99"],
  ])("%s: the settings table and .env.example name the range start-up enforces", (name, bad) => {
    const [low, high] = refusedRange(name, bad).map(plain);
    const range = new RegExp(`${low} to ${high}\\b`);
    expect(plain(row(name)), `docs/settings.md row of ${name}`).toMatch(range);
    expect(plain(exampleComment(name)), `.env.example above ${name}`).toMatch(range);
  });

  it("DEPLOY_HOOK_URL: the settings table and .env.example name the schemes start-up takes", () => {
    expect(() =>
      readServerSettings({ DEPLOY_HOOK_URL: "http://hooks.example.net/x" }, { cwd: projectRoot }),
    ).toThrow(/https:\/\/ \(http:\/\/ only for 127\.0\.0\.1 or localhost\)/);
    for (const said of [row("DEPLOY_HOOK_URL"), exampleComment("DEPLOY_HOOK_URL")]) {
      expect(said).toContain("https://");
      expect(said).toMatch(/http:\/\/`? only (for|to) 127\.0\.0\.1 or localhost/);
    }
  });

  it("explains the engine warnings npm prints on Node 20", () => {
    expect(readme).toContain("EBADENGINE");
    expect(readme).toMatch(/EBADENGINE[\s\S]{0,400}harmless[\s\S]{0,400}Node 24/);
  });
});
