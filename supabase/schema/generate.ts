/**
 * `npm run migrations`: writes the SQL of every schema change (schema-change.ts) for Postgres and
 * for SQLite. Run it after adding or changing a file here, and commit what it writes.
 */
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { changeFiles, compileChange, loadChange, sqlFileOf } from "./schema-change.ts";

for (const file of changeFiles()) {
  const change = await loadChange(file);
  for (const dialect of ["postgres", "sqlite"] as const) {
    const target = sqlFileOf(file, dialect);
    writeFileSync(target, compileChange(file, change, dialect));
    process.stdout.write(`${relative(process.cwd(), target)}\n`);
  }
}
