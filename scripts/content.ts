/**
 * `npm run content`: the site content the owner published (the live version) and its history,
 * newest first, down to the repository's version (content/*.json). With --write, the live version
 * is written back to the repository's content files, for a developer to review and commit.
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openPostgresStore } from "../functions/send-contact-email/postgres/postgres-store.ts";
import { openSqliteStore } from "../functions/send-contact-email/sqlite/sqlite-store.ts";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
} from "../functions/send-contact-email/store/content-store.ts";
import { describeDatabaseUrl } from "../server/contact-store.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { databaseUrl, dataPaths } from "../server/settings.ts";
import { business } from "../shared/business.ts";
import { contentGroups } from "../shared/content/repository-content.ts";
import { checkSiteContent } from "../shared/content/site-content.ts";

const usage = `Usage: npm run content [-- --write [--to FOLDER]] [-- --json]

Shows the site content the owner published: the live version, then every version before it,
newest first, down to the repository's own (content/*.json).
  --write   writes the live version back to content/*.json (review with git diff, then commit);
            --to FOLDER writes the files there instead
  --json    prints the live version's document
Reads Postgres when DATABASE_URL is set, else the data folder DATA_DIR (default: ./data).
`;

const when = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

type Read = { live: ContentVersion | null; history: ContentVersionSummary[] };

async function readFrom(store: ContentStore): Promise<Read> {
  return { live: await store.liveContent(), history: await store.contentHistory(1000) };
}

async function readStore(): Promise<Read | null> {
  const url = databaseUrl(process.env);
  if (url) {
    const store = openPostgresStore({ url, maxConnections: 1 });
    try {
      const [found] = await store.sql<{ versions: boolean }[]>`
        select to_regclass('public.content_versions') is not null as versions`;
      if (!found?.versions) {
        process.stderr.write(`No content_versions table yet in ${describeDatabaseUrl(url)}.\n`);
        return null;
      }
      return await readFrom(store);
    } finally {
      await store.close();
    }
  }
  const database = dataPaths(
    resolve(process.cwd(), process.env.DATA_DIR?.trim() || "data"),
  ).database;
  if (!existsSync(database)) return null;
  const store = openSqliteStore(database);
  try {
    return await readFrom(store);
  } finally {
    await store.close();
  }
}

function historyText({ live, history }: Read): string {
  const lines = [
    live
      ? `Live: version ${live.version}, published ${when.format(new Date(live.publishedAt))}`
      : "Live: the repository's version (content/*.json); nothing published yet",
    "",
    "History, newest first:",
  ];
  for (const version of history) {
    const restored = version.restoredFrom === null ? "" : ` (restores ${version.restoredFrom})`;
    lines.push(`  ${version.version}  ${when.format(new Date(version.publishedAt))}${restored}`);
    for (const change of version.changes) lines.push(`       ${change}`);
  }
  lines.push("  0  the repository's version (content/*.json)");
  return `${lines.join("\n")}\n`;
}

const root = resolve(import.meta.dirname, "..");
const biome = join(root, "node_modules/.bin/biome");

/** JSON as the repository formats it (Biome), when Biome is installed (not in a production install). */
function formatted(group: string, value: unknown): string {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (!existsSync(biome)) return text;
  const result = spawnSync(biome, ["format", `--stdin-file-path=content/${group}.json`], {
    cwd: root,
    input: text,
    encoding: "utf8",
  });
  return result.status === 0 && result.stdout ? result.stdout : text;
}

/** One file per group, checked by the content schema first. */
function writeBack(live: ContentVersion, folder: string): string[] {
  const checked = checkSiteContent(live.document);
  if (!checked.ok)
    throw new Error(
      `The live version does not pass the content schema: ${checked.problems
        .map((problem) => `${problem.path}: ${problem.message}`)
        .join("; ")}`,
    );
  const document = live.document as Record<string, unknown>;
  return contentGroups.map((group) => {
    const file = join(folder, `${group}.json`);
    writeFileSync(file, formatted(group, document[group]));
    return file;
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      write: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      to: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  loadEnvFile();
  const read = (await readStore()) ?? { live: null, history: [] };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(read.live?.document ?? null, null, 2)}\n`);
    return;
  }
  if (values.write) {
    if (!read.live) {
      process.stdout.write("Nothing published yet: content/*.json is the live version.\n");
      return;
    }
    const folder = values.to ? resolve(values.to) : join(root, "content");
    const files = writeBack(read.live, folder);
    process.stdout.write(
      `Version ${read.live.version} written to ${files.length} files in ${folder}: review with git diff, then commit.\n`,
    );
    return;
  }
  process.stdout.write(historyText(read));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exitCode = 1;
});
