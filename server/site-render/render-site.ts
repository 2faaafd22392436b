/**
 * The server makes the site again from a content document (docs/publishing.md,
 * docs/decisions/0024-publishing-from-the-server-build.md). The pages come from the server build
 * that `npm run build` left in build/server, with production dependencies only: a production
 * install has no Vite. A whole site is made in a process of its own (render-child.ts): a crash or
 * a runaway render is killed without touching what is served, and its hundred pages never hold up
 * the server's answers. A preview (one page) is made in the server's own process: the pages'
 * modules hold no content (decision 0028), so the server's loaded build makes any version.
 */
import { fork } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pictureFileNames } from "../../shared/content/picture-files.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import type { PictureReader } from "../pictures/write-pictures.ts";
import type { RenderAnswer } from "./render-child.ts";
import {
  type PictureBytes,
  type RenderPhases,
  type RenderResult,
  type RenderTask,
  renderPreviewHere,
} from "./render-pages.ts";

const childEntry = new URL("./render-child.ts", import.meta.url);

/** A whole site that is still not made after this long is given up (a runaway render). */
export const defaultSiteTimeoutMs = 50_000;
/** A preview is one page. */
export const defaultPreviewTimeoutMs = 20_000;

/** Written last into a rendered folder: it is whole, for this version and this build. */
export const renderedMarker = ".rendered.json";

export type RenderedMark = {
  version: number | null;
  build: string;
  files: number;
  seconds: number;
  at: string;
};

/** What identifies the build the pages come from: a new deploy never reuses an older render. */
export async function buildIdentity(buildDir: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of ["server/index.js", "vite-manifest.json", "site-options.json"])
    hash.update(await readFile(path.join(buildDir, file)));
  return hash.digest("base64url").slice(0, 22);
}

/** Whether `folder` holds a whole render of `version` from this build. */
export async function isRendered(
  folder: string,
  version: number | null,
  buildDir: string,
): Promise<boolean> {
  try {
    const mark = JSON.parse(
      await readFile(path.join(folder, renderedMarker), "utf8"),
    ) as RenderedMark;
    return mark.version === version && mark.build === (await buildIdentity(buildDir));
  } catch {
    return false;
  }
}

/** Why a build folder cannot be rendered from, in words; null when it can. */
function missingFromBuild(buildDir: string): string | null {
  for (const [file, what] of [
    ["server/index.js", "server build"],
    ["site-source", "copy of the prerendered site"],
    ["vite-manifest.json", "manifest"],
    ["site-options.json", "record of its options"],
  ] as const) {
    if (!existsSync(path.join(buildDir, file)))
      return `the build folder ${buildDir} has no ${what} (${file}); run npm run build where the dev dependencies are installed`;
  }
  return null;
}

/**
 * Every page, resource and asset of the site with `document` as its content, finished and
 * shipped, in `outDir`, which must not exist yet. Made in a folder beside it and renamed into
 * place only when whole: a failure leaves nothing at `outDir`.
 */
export async function renderSite({
  document,
  version,
  buildDir,
  outDir,
  pictures = null,
  timeoutMs = defaultSiteTimeoutMs,
}: {
  document: unknown;
  version: number | null;
  buildDir: string;
  outDir: string;
  /** Where the pictures the document names are read (the contact function's store). */
  pictures?: PictureReader | null;
  timeoutMs?: number;
}): Promise<{ files: number; seconds: number; phases: RenderPhases }> {
  const started = performance.now();
  const missing = missingFromBuild(buildDir);
  if (missing) throw new Error(`the site could not be made: ${missing}`);
  if (existsSync(outDir)) throw new Error(`the site could not be made: ${outDir} already exists`);
  const temp = path.join(
    path.dirname(outDir),
    `.${path.basename(outDir)}.rendering-${randomUUID().slice(0, 8)}`,
  );
  await mkdir(path.dirname(outDir), { recursive: true });
  try {
    const files = await pictureBytes(document, pictures);
    const result = await runIsolated(
      { kind: "site", document, version, buildDir, outDir: temp, pictures: files },
      { timeoutMs },
    );
    if (!("files" in result)) throw new Error("the render answered with no files");
    const seconds = (performance.now() - started) / 1000;
    const mark: RenderedMark = {
      version,
      build: await buildIdentity(buildDir),
      files: result.files,
      seconds: Math.round(seconds * 100) / 100,
      at: new Date().toISOString(),
    };
    await writeFile(path.join(temp, renderedMarker), `${JSON.stringify(mark)}\n`);
    await rename(temp, outDir);
    return { files: result.files, seconds, phases: result.phases };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error instanceof Error && error.message.startsWith("the ")
      ? error
      : new Error(`the site could not be made: ${String(error)}`);
  }
}

/** The files of every picture `document` names, read from the store; one it lacks fails the render. */
async function pictureBytes(
  document: unknown,
  reader: PictureReader | null,
): Promise<PictureBytes[]> {
  const named = Object.values((document as Partial<SiteContent>)?.pictures ?? {}).flatMap(
    (picture) => (picture ? pictureFileNames(picture) : []),
  );
  const files: PictureBytes[] = [];
  for (const name of new Set(named)) {
    const file = reader ? await reader.pictureFile(name) : null;
    if (!file)
      throw new Error(
        `the site could not be made: the picture file ${name} is not in the store${reader ? "" : " (this server has no picture store open)"}`,
      );
    files.push(file);
  }
  return files;
}

/**
 * One page (`/exton`) as it would look with `document`, a whole HTML document for the editor's
 * preview: no script, the stylesheet inlined, `noindex`. Made here, in the server's process, from
 * the build it has loaded once (bench:publish compares it with a process of its own,
 * docs/figures.md).
 */
export async function renderPreview({
  document,
  path: pagePath,
  buildDir,
  timeoutMs = defaultPreviewTimeoutMs,
}: {
  document: unknown;
  path: string;
  buildDir: string;
  timeoutMs?: number;
}): Promise<string> {
  const missing = missingFromBuild(buildDir);
  if (missing) throw new Error(`the preview could not be made: ${missing}`);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the preview was not made within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    const made = renderPreviewHere({ kind: "preview", document, buildDir, path: pagePath });
    return (await Promise.race([made, late])).html;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one task in a child process of its own, killed after `timeoutMs`. */
export function runIsolated(
  task: RenderTask,
  { timeoutMs }: { timeoutMs: number },
): Promise<RenderResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let stop = () => {};
    const settle = (error: Error | null, result?: RenderResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve(result as RenderResult);
    };
    const answer = (message: RenderAnswer) =>
      message.ok ? settle(null, message.result) : settle(new Error(message.reason));
    const timer = setTimeout(
      () =>
        settle(
          new Error(
            `the ${task.kind === "site" ? "site" : "preview"} was not made within ${timeoutMs / 1000} s and was stopped`,
          ),
        ),
      timeoutMs,
    );
    const child = fork(childEntry, [], {
      // The server's own flags (a debugger, a test runner's loader) are not the render's.
      execArgv: [],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-2000);
    });
    stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    child.once("message", (message) => answer(message as RenderAnswer));
    child.once("error", (error) =>
      settle(new Error(`the render could not start: ${error.message}`)),
    );
    child.once("close", (code, signal) =>
      settle(
        new Error(
          `the render ended (${signal ?? `exit code ${code}`}) without an answer${tail(stderr)}`,
        ),
      ),
    );
    child.send(task);
  });
}

const tail = (stderr: string) =>
  stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" ")}` : "";
