/**
 * `npm run content` on a data folder: the live version and the history in words, down to the
 * repository's version; --write gives back the repository's content files, formatted as committed.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../functions/send-contact-email/sqlite/sqlite-store.ts";
import { dataPaths } from "../../server/settings.ts";
import { describeChanges } from "../../shared/content/content-changes.ts";
import { contentGroups, repositoryContent } from "../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content.ts";
import { projectRoot, runScript } from "./support/processes.ts";

let folder = "";
let dataDir = "";

function repositoryVersion(): SiteContent {
  const result = checkSiteContent(repositoryContent);
  if (!result.ok) throw new Error("the repository's content is invalid");
  return result.content;
}

describe("npm run content", () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "content-script-"));
    dataDir = join(folder, "data");
    mkdirSync(dataDir);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("says the repository's version is live while nothing is published", async () => {
    const output = await runScript("scripts/content.ts", join(folder, "none"), [], folder);
    expect(output).toContain("Live: the repository's version (content/*.json)");
    expect(output).toContain("0  the repository's version");
  });

  it("shows the live version and every one before it, then writes the live one back", async () => {
    const store = openSqliteStore(dataPaths(dataDir).database);
    const first = repositoryVersion();
    const changed = repositoryVersion();
    changed.contact.phone = "(484) 555-0199";
    changed.offer.enabled = false;
    await store.publishContent({ document: changed, changes: describeChanges(first, changed) });
    await store.publishContent({
      document: first,
      changes: describeChanges(changed, first),
      restoredFrom: 1,
    });
    await store.publishContent({ document: changed, changes: describeChanges(first, changed) });
    await store.close();

    const output = await runScript("scripts/content.ts", dataDir);
    expect(output).toMatch(/^Live: version 3, published /);
    expect(output).toContain("Main phone: (484) 555-0142 → (484) 555-0199");
    expect(output).toContain("Welcome offer: on → off");
    expect(output).toMatch(/ 2 {2}.+\(restores 1\)/);
    expect(output.indexOf("  3  ")).toBeLessThan(output.indexOf("  1  "));
    expect(output.trimEnd().endsWith("0  the repository's version (content/*.json)")).toBe(true);

    const written = join(folder, "written");
    mkdirSync(written);
    const wrote = await runScript("scripts/content.ts", dataDir, ["--write", "--to", written]);
    expect(wrote).toContain(`Version 3 written to ${contentGroups.length} files`);
    const contact = JSON.parse(readFileSync(join(written, "contact.json"), "utf8"));
    expect(contact.phone).toBe("(484) 555-0199");
    // Every other group comes back exactly as the repository holds it, byte for byte.
    for (const group of contentGroups.filter((name) => name !== "contact" && name !== "offer"))
      expect(readFileSync(join(written, `${group}.json`), "utf8")).toBe(
        readFileSync(join(projectRoot, "content", `${group}.json`), "utf8"),
      );
  });
});
