import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openPostgresStore, type PictureStore } from "../functions/send-contact-email/index.ts";
import { openSqliteStore } from "../functions/send-contact-email/node.ts";
import {
  type ContentStore,
  type ContentVersion,
  type ContentVersionSummary,
  planPicturePurge,
  previewKeepDays,
  purgePictures,
} from "../functions/send-contact-email/owner-tools.ts";
import { describeDatabaseUrl } from "../server/contact-store.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { databaseUrl, dataPaths } from "../server/settings.ts";
import { checked, root, when, writeBack, writeStoredPictures } from "./content-files.ts";
import { pullCommand } from "./content-pull.ts";

const usage = `Usage: npm run content [-- --write [--to FOLDER] [--pictures-to FOLDER]] [-- --json] [-- --pull [URL]]
       npm run content -- --purge-pictures [--delete] [--older-than DAYS]

Shows the site content the owner published: the live version, then every version before it,
newest first, down to the repository's own (content/*.json).
  --write   writes the live version back to content/*.json (review with git diff, then commit),
            and the files of the owner's pictures it names to public/pictures/;
            --to FOLDER and --pictures-to FOLDER write them there instead
  --json    prints the live version's document
  --pull    reads the live version from a deployed contact function instead (a static host's
            build: npm run content -- --pull --write && npm run build). URL: the function's
            address, else CONTENT_FUNCTION_URL, else the function of VITE_SUPABASE_URL. With
            --write, the owner's pictures the version names are fetched into public/pictures/
            (--pictures-to FOLDER: there instead), where the build serves them at /pictures/
  --purge-pictures
            lists the stored pictures no version names (a photo previewed, then cancelled or
            never published) and stored more than ${previewKeepDays} days ago (a preview can be
            published as long as the editor's link it was opened with lasts); with --delete,
            deletes them and their files. A picture any version names is always kept: every
            version can be restored. --older-than DAYS: another age than ${previewKeepDays} days
Reads Postgres when DATABASE_URL is set, else the data folder DATA_DIR (default: ./data).
`;

type Read = { live: ContentVersion | null; history: ContentVersionSummary[] };

async function readFrom(store: ContentStore): Promise<Read> {
  return { live: await store.liveContent(), history: await store.contentHistory(1000) };
}

type OpenStore = ContentStore & PictureStore & { close(): Promise<void> };

/** The store of DATABASE_URL or the data folder, or null when there is none yet. */
async function openStore(): Promise<OpenStore | null> {
  const url = databaseUrl(process.env);
  if (url) {
    const store = openPostgresStore({ url, maxConnections: 1 });
    const [found] = await store.sql<{ versions: boolean }[]>`
      select to_regclass('public.content_versions') is not null as versions`.catch(
      async (error: unknown) => {
        await store.close();
        throw error;
      },
    );
    if (!found?.versions) {
      await store.close();
      process.stderr.write(`No content_versions table yet in ${describeDatabaseUrl(url)}.\n`);
      return null;
    }
    return store;
  }
  const database = dataPaths(
    resolve(process.cwd(), process.env.DATA_DIR?.trim() || "data"),
  ).database;
  if (!existsSync(database)) return null;
  return openSqliteStore(database);
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

/** --purge-pictures: the listing, then (with --delete) the deletion. */
async function purgeCommand(
  store: OpenStore | null,
  values: { delete: boolean; "older-than"?: string },
) {
  const raw = values["older-than"];
  const days = raw === undefined ? previewKeepDays : Number(raw);
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`--older-than needs a whole number of days, 1 or more, got "${raw}".`);
  if (!store) {
    process.stdout.write("No store yet: no pictures to purge.\n");
    return;
  }
  const now = new Date();
  const plan = await planPicturePurge(store, now, days);
  const lines = [
    `${plan.named} picture${plan.named === 1 ? "" : "s"} kept: named by a version, which can be restored.`,
    `${plan.recent} kept: named by none, but stored within ${days} days (a preview that may still be published).`,
  ];
  if (plan.unused.length === 0) lines.push("No picture to purge.");
  else {
    lines.push(
      `${plan.unused.length} named by no version and stored more than ${days} days ago:`,
      ...plan.unused.map(
        (one) =>
          `  ${one.id}  ${one.width} × ${one.height}  stored ${when.format(new Date(one.storedAt))}`,
      ),
    );
    if (values.delete) {
      const deleted = await purgePictures(store, plan, now, days);
      lines.push(`Deleted ${deleted.length}, with their files.`);
    } else lines.push("Nothing deleted: run again with --delete to delete them.");
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** `--pull` alone (no address after it) reads the address from the environment. */
function withPullValue(args: string[]): string[] {
  return args.flatMap((arg, index) => {
    const next = args[index + 1];
    return arg === "--pull" && (next === undefined || next.startsWith("-")) ? ["--pull="] : [arg];
  });
}

async function main() {
  const { values } = parseArgs({
    args: withPullValue(process.argv.slice(2)),
    options: {
      write: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      to: { type: "string" },
      "pictures-to": { type: "string" },
      pull: { type: "string" },
      "purge-pictures": { type: "boolean", default: false },
      delete: { type: "boolean", default: false },
      "older-than": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  loadEnvFile();
  if (values.pull !== undefined) {
    await pullCommand(values);
    return;
  }
  const store = await openStore();
  try {
    if (values["purge-pictures"]) {
      await purgeCommand(store, values);
      return;
    }
    const read = store ? await readFrom(store) : { live: null, history: [] };
    if (values.json) {
      process.stdout.write(`${JSON.stringify(read.live?.document ?? null, null, 2)}\n`);
      return;
    }
    if (values.write) {
      if (!read.live || !store) {
        process.stdout.write("Nothing published yet: content/*.json is the live version.\n");
        return;
      }
      const folder = values.to ? resolve(values.to) : join(root, "content");
      const document = checked(read.live);
      // The pages name the pictures' files: a build from these content files needs them too.
      const picturesFolder = values["pictures-to"]
        ? resolve(values["pictures-to"])
        : join(root, "public", "pictures");
      const pictures = await writeStoredPictures(store, document, picturesFolder);
      const files = writeBack(read.live, folder);
      const also = pictures > 0 ? ` and ${pictures} picture files to ${picturesFolder}` : "";
      process.stdout.write(
        `Version ${read.live.version} written to ${files.length} files in ${folder}${also}: review with git diff, then commit.\n`,
      );
      return;
    }
    process.stdout.write(historyText(read));
  } finally {
    await store?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exitCode = 1;
});
