/**
 * `npm run content` on a data folder: the live version and the history in words, down to the
 * repository's version; --write gives back the repository's content files, formatted as committed.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../functions/send-contact-email/database/sqlite-store.ts";
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

// Each case runs the script as its own process, which formats every group with Biome (one
// process per file): on a loaded machine that takes well over the default bound.
describe("npm run content", { timeout: 60_000 }, () => {
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

  it("writes the files of the pictures the live version names beside its content files", async () => {
    const store = openSqliteStore(dataPaths(dataDir).database);
    const id = "7c".repeat(16);
    const files = ["480.avif", "480.webp", "480.jpg"].map((name) => ({
      name: `${id}-${name}`,
      type: "image/jpeg",
      bytes: new TextEncoder().encode(`the bytes of ${name}`),
    }));
    await store.savePicture({ id, width: 500, height: 400, files });
    const before = (await store.liveContent())?.document as SiteContent;
    const next = structuredClone(before);
    next.pictures = { founder: { picture: id, alt: "The founder", width: 500, height: 400 } };
    await store.publishContent({ document: next, changes: describeChanges(before, next) });
    const missing = structuredClone(next);
    await store.close();

    const written = join(folder, "with-pictures");
    const pictures = join(written, "pictures");
    mkdirSync(written);
    const args = ["--write", "--to", written, "--pictures-to", pictures];
    const wrote = await runScript("scripts/content.ts", dataDir, args);
    expect(wrote).toContain(`and 3 picture files to ${pictures}`);
    expect(readdirSync(pictures).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files)
      expect(readFileSync(join(pictures, file.name))).toEqual(Buffer.from(file.bytes));

    // A version naming a picture the store lacks writes nothing, and says which.
    const again = openSqliteStore(dataPaths(dataDir).database);
    missing.pictures = {
      founder: { picture: "8d".repeat(16), alt: "Nobody", width: 500, height: 400 },
    };
    await again.publishContent({
      document: missing,
      changes: ["About: the founder picture: replaced"],
    });
    await again.close();
    const refused = join(folder, "refused-pictures");
    mkdirSync(refused);
    await expect(
      runScript("scripts/content.ts", dataDir, [
        "--write",
        "--to",
        refused,
        "--pictures-to",
        pictures,
      ]),
    ).rejects.toThrow(/The picture (?:8d){16}-480\.avif is not in the store/);
    expect(readdirSync(refused)).toEqual([]);
  });

  it("lists the pictures no version names and deletes them only with --delete", async () => {
    const purgeData = join(folder, "purge");
    mkdirSync(purgeData);
    const database = dataPaths(purgeData).database;
    const store = openSqliteStore(database);
    const [kept, cancelled] = ["4a".repeat(16), "5b".repeat(16)];
    for (const id of [kept, cancelled])
      await store.savePicture({
        id,
        width: 480,
        height: 320,
        files: ["480.avif", "480.webp", "480.jpg"].map((name) => ({
          name: `${id}-${name}`,
          type: "image/jpeg",
          bytes: new TextEncoder().encode(name),
        })),
      });
    const next = repositoryVersion();
    next.pictures = { founder: { picture: kept, alt: "The founder", width: 480, height: 320 } };
    await store.publishContent({ document: next, changes: ["About page, the founder photo"] });
    await store.close();

    const recent = await runScript("scripts/content.ts", purgeData, ["--purge-pictures"]);
    expect(recent).toContain("1 picture kept: named by a version");
    expect(recent).toContain("1 kept: named by none, but stored within 31 days");
    expect(recent).toContain("No picture to purge.");

    // Both stored 40 days ago: the one no version names is now the purge's.
    const db = new DatabaseSync(database);
    db.prepare("UPDATE content_pictures SET created_at = ?").run(
      new Date(Date.now() - 40 * 86_400_000).toISOString(),
    );
    db.close();
    const listed = await runScript("scripts/content.ts", purgeData, ["--purge-pictures"]);
    expect(listed).toContain("1 named by no version and stored more than 31 days ago:");
    expect(listed).toContain(`  ${cancelled}  480 × 320  stored `);
    expect(listed).not.toContain(`  ${kept}  `);
    expect(listed).toContain("Nothing deleted: run again with --delete to delete them.");

    const deleted = await runScript("scripts/content.ts", purgeData, [
      "--purge-pictures",
      "--delete",
    ]);
    expect(deleted).toContain("Deleted 1, with their files.");
    const after = openSqliteStore(database);
    expect(await after.storedPicture(cancelled)).toBeNull();
    expect(await after.pictureFile(`${cancelled}-480.jpg`)).toBeNull();
    expect(await after.pictureFile(`${kept}-480.jpg`)).not.toBeNull();
    await after.close();
  });
});
