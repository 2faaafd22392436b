/**
 * What `npm start` serves, and the switch to another content version (docs/publishing.md): each
 * version is rendered once into `<data folder>/site/v<version>`, loaded whole, then served in one
 * assignment, so a request is answered from the old site or the new one, never a mix. The folder
 * served before stays until the switch is made; older ones are removed. A version whose folder is
 * already whole (a restart) is loaded without rendering again.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { errorMessage, type Logger } from "../../functions/send-contact-email/index.ts";
import type { PictureReader } from "../pictures/write-pictures.ts";
import { loadStaticSite, type StaticSite } from "../static-site.ts";
import { defaultSiteTimeoutMs, isRendered, renderPreview, renderSite } from "./render-site.ts";

/** The site being served: replaced whole, never changed in place. */
export type ServedSite = {
  site: StaticSite;
  /** The published version it shows (null: the build's own pages, the repository's content). */
  version: number | null;
  folder: string;
};

export type SiteSwitcher = {
  /** The site to answer a request from: read once per request. */
  current(): ServedSite;
  /**
   * Makes `version` (with `document` as its content) the served site: rendered into its folder
   * unless that is already whole, loaded, switched to. Rejects with a reason a person can read,
   * and the site served before stays. Calls run one after the other.
   */
  build(document: unknown, version: number | null): Promise<void>;
  /** One page as it would look with `document` (render-site.ts, renderPreview). */
  preview(document: unknown, path: string): Promise<string>;
};

const versionFolder = /^v(\d+)$/;

export function createSiteSwitcher({
  dataDir,
  buildDir,
  staticDir,
  site,
  log,
  pictures = () => null,
  timeoutMs = defaultSiteTimeoutMs,
}: {
  /** The server's data folder (DATA_DIR): renders go to its site/ folder. */
  dataDir: string;
  /** The build that pages are made from (build/: server/, site-source/, ...). */
  buildDir: string;
  /** The build's own pages, served for the repository's version (null). */
  staticDir: string;
  /** `loadStaticSite(staticDir)`, already loaded at start. */
  site: StaticSite;
  log: Logger;
  /**
   * Where the owner's pictures are read when a version is rendered: the contact function's store,
   * opened after the switcher is made (null while it is not open: a version naming a picture
   * then fails to render, and the site served stays).
   */
  pictures?: () => PictureReader | null;
  timeoutMs?: number;
}): SiteSwitcher {
  const sitesDir = path.join(dataDir, "site");
  let served: ServedSite = { site, version: null, folder: staticDir };
  let queue: Promise<unknown> = Promise.resolve();

  async function switchTo(document: unknown, version: number | null) {
    if (version === served.version) return;
    let folder = staticDir;
    if (version !== null) {
      folder = path.join(sitesDir, `v${version}`);
      if (await isRendered(folder, version, buildDir)) {
        log.info("site reused", { version, folder });
      } else {
        // Left by a crash or by an earlier build: never served by this process (it would be
        // `served`, whose version differs), so it can go.
        if (existsSync(folder)) await rm(folder, { recursive: true, force: true });
        await mkdir(dataDir, { recursive: true, mode: 0o700 });
        const made = await renderSite({
          document,
          version,
          buildDir,
          outDir: folder,
          pictures: pictures(),
          timeoutMs,
        });
        log.info("site made", { version, files: made.files, seconds: round(made.seconds) });
      }
    }
    let next: StaticSite;
    try {
      next = loadStaticSite(folder);
    } catch (error) {
      throw new Error(`the site of version ${version} could not be loaded: ${errorMessage(error)}`);
    }
    const previous = served;
    // The switch: one assignment. A request that has begun keeps the site it read.
    served = { site: next, version, folder };
    log.info("site switched", { version, from: previous.version, files: next.files.size });
    await removeOlder([served.folder, previous.folder]);
  }

  /** Every version folder but the two kept, and renders left half-made by a crash. */
  async function removeOlder(kept: string[]) {
    let names: string[];
    try {
      names = await readdir(sitesDir);
    } catch {
      return;
    }
    for (const name of names) {
      const folder = path.join(sitesDir, name);
      if (kept.includes(folder)) continue;
      if (!versionFolder.test(name) && !/^\.v\d+\.rendering-/.test(name)) continue;
      await rm(folder, { recursive: true, force: true }).catch((error) =>
        log.warn("an old site folder could not be removed", {
          folder,
          error: errorMessage(error),
        }),
      );
    }
  }

  return {
    current: () => served,
    build(document, version) {
      const run = queue.then(() => switchTo(document, version));
      queue = run.catch(() => {});
      return run;
    },
    preview: (document, pagePath) => renderPreview({ document, path: pagePath, buildDir }),
  };
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;
