/**
 * The SQL of both databases is what the schema changes make (schema-change.ts): a file edited by
 * hand, or a change whose SQL was not written again, fails here with the command that fixes it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  changeFiles,
  changesDir,
  compileChange,
  type Dialect,
  loadChange,
  sqlFileOf,
} from "./schema-change.ts";

const dialects: Dialect[] = ["postgres", "sqlite"];
const made = "-- Made by `npm run migrations` from supabase/schema/";

describe("the schema changes", () => {
  it.each(changeFiles())("%s is committed as its SQL for both databases", async (file) => {
    const change = await loadChange(file);
    for (const dialect of dialects) {
      const target = sqlFileOf(file, dialect);
      expect(existsSync(target), `${target}: run npm run migrations`).toBe(true);
      expect(readFileSync(target, "utf8"), `${target}: run npm run migrations`).toBe(
        compileChange(file, change, dialect),
      );
    }
  });

  it("has a source for every SQL file made from one, and none older than the history", () => {
    const sources = new Set(changeFiles());
    const history = join(changesDir, "..");
    for (const folder of ["migrations", "sqlite-migrations"]) {
      const files = readdirSync(join(history, folder)).filter((name) => name.endsWith(".sql"));
      const madeHere = files.filter((name) =>
        readFileSync(join(history, folder, name), "utf8").startsWith(made),
      );
      expect(madeHere.map((name) => name.replace(/\.sql$/, ".ts"))).toEqual(
        [...sources].filter((source) => madeHere.includes(source.replace(/\.ts$/, ".sql"))),
      );
      for (const source of sources) expect(madeHere).toContain(source.replace(/\.ts$/, ".sql"));
      // Applied in the order of their names: a change comes after every file written by hand.
      const byHand = files.filter((name) => !madeHere.includes(name));
      expect(files.slice(0, byHand.length)).toEqual(byHand);
    }
  });
});
