import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { maxPictureBytes, pictureFileType } from "../shared/content/picture-files.ts";
import type { SiteContent } from "../shared/content/site-content.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import { checked, pictureNames, root, when, writeBack } from "./content-files.ts";

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

export async function pullCommand(values: {
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
