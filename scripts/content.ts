/**
 * `npm run content`: the site content the owner published (the live version) and its history,
 * newest first, down to the repository's version (content/*.json). With --write, the live version
 * is written back to the repository's content files, for a developer to review and commit, with
 * the files of the owner's pictures it names (public/pictures/, served by the build at /pictures/).
 * With --pull, the live version comes from a deployed function instead of a store (…/content):
 * a static host's build writes it into content/ before `npm run build`, and the files of the
 * pictures it names into public/pictures/, which the build serves at /pictures/. With
 * --purge-pictures, the stored pictures nothing uses are listed, and deleted with --delete
 * (functions/send-contact-email/site-pictures/picture-purge.ts says which).
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openPostgresStore } from "../functions/send-contact-email/postgres/postgres-store.ts";
import {
  planPicturePurge,
  previewKeepDays,
  purgePictures,
} from "../functions/send-contact-email/site-pictures/picture-purge.ts";
import { openSqliteStore } from "../functions/send-contact-email/sqlite/sqlite-store.ts";
import type {
  ContentStore,
  ContentVersion,
  ContentVersionSummary,
} from "../functions/send-contact-email/store/content-store.ts";
import type { PictureStore } from "../functions/send-contact-email/store/picture-store.ts";
import { describeDatabaseUrl } from "../server/contact-store.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { databaseUrl, dataPaths } from "../server/settings.ts";
import { businessTimeZone } from "../shared/business-reach.ts";
import {
  maxPictureBytes,
  pictureFileNames,
  pictureFileType,
} from "../shared/content/picture-files.ts";
import { contentGroups } from "../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../shared/content/site-content.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";

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

const when = new Intl.DateTimeFormat("en-US", {
  timeZone: businessTimeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

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

/**
 * The live version as the content schema reads it, or why it cannot be written into the
 * repository's files. The schema's output, never the document as received: keys it does not
 * know (`__proto__` among them) are left out, and a group a version may lack (`pictures`) gets
 * its default.
 */
function checked(live: { document: unknown }): SiteContent {
  const result = checkSiteContent(live.document);
  if (!result.ok)
    throw new Error(
      `The live version does not pass the content schema: ${result.problems
        .map((problem) => `${problem.path}: ${problem.message}`)
        .join("; ")}`,
    );
  return result.content;
}

/** One file per group, from the checked document; a group without a value is an error. */
function writeBack(live: { document: unknown }, folder: string): string[] {
  const document = checked(live);
  const groups = contentGroups.map((group) => {
    const value = document[group];
    if (value === undefined) throw new Error(`The live version has no ${group}.`);
    return [group, value] as const;
  });
  return groups.map(([group, value]) => {
    const file = join(folder, `${group}.json`);
    writeFileSync(file, formatted(group, value));
    return file;
  });
}

/** The picture files `document` names, from the store into `folder`; one it lacks is an error. */
async function writeStoredPictures(
  store: PictureStore,
  document: SiteContent,
  folder: string,
): Promise<number> {
  const names = pictureNames(document);
  if (names.length > 0) mkdirSync(folder, { recursive: true });
  for (const name of names) {
    const file = await store.pictureFile(name);
    if (!file) throw new Error(`The picture ${name} is not in the store.`);
    writeFileSync(join(folder, name), file.bytes);
  }
  return names.length;
}

function pictureNames(document: SiteContent): string[] {
  const pictures = Object.values(document.pictures);
  return [...new Set(pictures.flatMap((picture) => (picture ? pictureFileNames(picture) : [])))];
}

/** The content document and each picture file a pull reads: larger is not what the function sends. */
const maxDocumentBytes = 2 * 1024 * 1024;
const maxPulledPictureBytes = maxPictureBytes;

/** A response's body, refused as soon as it passes `max` bytes (whatever its length says). */
async function boundedBody(response: Response, max: number, what: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > max) {
    await response.body?.cancel();
    throw new Error(`${what} is larger than ${max} bytes.`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const read = await reader?.read();
    if (!read || read.done) break;
    size += read.value.byteLength;
    if (size > max) {
      await reader?.cancel();
      throw new Error(`${what} is larger than ${max} bytes.`);
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** Whether the bytes are the kind of picture the file's name says, whatever the server claimed. */
function isPictureOfItsName(name: string, bytes: Uint8Array): boolean {
  const type = pictureFileType(name);
  if (type === "image/jpeg") return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (type === "image/webp") return ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP";
  if (type === "image/avif")
    return ascii(bytes, 4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(bytes, 8, 12));
  return false;
}

type Pulled = { version: number | null; publishedAt: string | null; document: unknown };

/**
 * The function's /content address: the URL given (the function's, or a project's bare origin),
 * else CONTENT_FUNCTION_URL, else the function the pages are built for (VITE_SUPABASE_URL).
 */
function contentUrl(given: string): URL {
  const supabase = process.env.VITE_SUPABASE_URL?.trim();
  const raw =
    given.trim() ||
    process.env.CONTENT_FUNCTION_URL?.trim() ||
    (supabase ? `${supabase.replace(/\/+$/, "")}${deploymentDefaults.functionPath}` : "");
  if (!raw)
    throw new Error(
      "--pull needs the contact function's address: give it after --pull, or set CONTENT_FUNCTION_URL (https://<project-ref>.supabase.co/functions/v1/send-contact-email).",
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `--pull needs a web address like https://<project-ref>.supabase.co, got "${raw}".`,
    );
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/content$/, "");
  url.pathname = `${path || deploymentDefaults.functionPath}/content`;
  return url;
}

/** GET …/content, once more after a failure that may pass (a function starting cold, a 5xx). */
async function pull(url: URL): Promise<Pulled> {
  let problem = "";
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 2000));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause ?? error;
      problem = `${url.host} could not be reached (${cause instanceof Error ? cause.message : String(cause)})`;
      continue;
    }
    if (response.status >= 500 || response.status === 429) {
      problem = `${url.host} answered ${response.status}`;
      continue;
    }
    if (!response.ok)
      throw new Error(`${url} answered ${response.status}: is it the contact function's address?`);
    const text = new TextDecoder().decode(
      await boundedBody(response, maxDocumentBytes, `The content of ${url.host}`),
    );
    let body: Partial<Pulled> | null = null;
    try {
      body = JSON.parse(text) as Partial<Pulled> | null;
    } catch {
      body = null;
    }
    const version = body?.version;
    if (!body || !("document" in body) || !(version === null || Number.isInteger(version)))
      throw new Error(`${url} did not answer with a content version.`);
    return {
      version: version ?? null,
      publishedAt: body.publishedAt ?? null,
      document: body.document,
    };
  }
  throw new Error(`The live version could not be read: ${problem}.`);
}

/**
 * Every picture file the document names, from the function's public …/pictures/<file>, into
 * `folder`: the pages name them, so a file that cannot be fetched fails the build (a page with a
 * broken image is worse than the version before).
 */
async function pullPictures(
  contentAt: URL,
  document: SiteContent,
  folder: string,
): Promise<number> {
  const names = pictureNames(document);
  if (names.length === 0) return 0;
  const files: Array<[string, Uint8Array]> = [];
  for (const name of names) {
    const url = new URL(contentAt);
    url.pathname = url.pathname.replace(/\/content$/, `/pictures/${name}`);
    let response: Response | null = null;
    let problem = "";
    for (let attempt = 1; attempt <= 2 && !response?.ok; attempt += 1) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 2000));
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        if (!response.ok) problem = `answered ${response.status}`;
      } catch (error) {
        problem = `could not be reached (${error instanceof Error ? error.message : String(error)})`;
      }
    }
    if (!response?.ok)
      throw new Error(`The picture ${name} could not be fetched: ${url.host} ${problem}.`);
    const bytes = await boundedBody(response, maxPulledPictureBytes, `The picture ${name}`);
    // Its bytes, not the header: a server that says image/avif may send anything.
    if (!isPictureOfItsName(name, bytes))
      throw new Error(
        `The picture ${name} is not the ${name.split(".").pop()?.toUpperCase()} picture its name says.`,
      );
    files.push([name, bytes]);
  }
  // Written once every one was had: a pull that fails leaves the folder as it was.
  mkdirSync(folder, { recursive: true });
  for (const [name, bytes] of files) writeFileSync(join(folder, name), bytes);
  return names.length;
}

async function pullCommand(values: {
  pull?: string;
  write: boolean;
  json: boolean;
  to?: string;
  "pictures-to"?: string;
}) {
  const url = contentUrl(values.pull ?? "");
  const live = await pull(url);
  const published =
    live.version === null
      ? "nothing published yet"
      : `version ${live.version}, published ${live.publishedAt ? when.format(new Date(live.publishedAt)) : "(time unknown)"}`;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(checked(live), null, 2)}\n`);
    return;
  }
  if (!values.write) {
    checked(live);
    process.stdout.write(`Live at ${url.host}: ${published}\n`);
    return;
  }
  if (live.version === null) {
    // The function's own copy of the repository's files may be older than the ones being built.
    process.stdout.write(
      `Live at ${url.host}: ${published}; content/*.json is the live version, left as it is.\n`,
    );
    return;
  }
  const folder = values.to ? resolve(values.to) : join(root, "content");
  const document = checked(live);
  // The pictures first: a version whose pictures cannot be had leaves content/ as it was.
  const picturesFolder = values["pictures-to"]
    ? resolve(values["pictures-to"])
    : join(root, "public", "pictures");
  const pictures = await pullPictures(url, document, picturesFolder);
  const files = writeBack(live, folder);
  const also = pictures > 0 ? `; ${pictures} picture files in ${picturesFolder}` : "";
  process.stdout.write(
    `Live at ${url.host}: ${published}; written to ${files.length} files in ${folder}${also}.\n`,
  );
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
