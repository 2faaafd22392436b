/**
 * For the tests of site-render/ (and the production install's): the build they render from, and
 * a content document that differs from the repository's where every page shows it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import type { SiteIndex } from "../../shared/site-index.ts";
import { projectRoot } from "../settings.ts";

/** `npm run build`'s folder, or the one SITE_BUILD_DIR's client folder sits in. */
export const buildDir = process.env.SITE_BUILD_DIR
  ? join(process.env.SITE_BUILD_DIR, "..")
  : join(projectRoot, "build");
export const hasRenderableBuild =
  existsSync(join(buildDir, "server", "index.js")) && existsSync(join(buildDir, "site-source"));

export const changedPhone = { display: "(610) 555-0199", e164: "+16105550199" };

/** The repository's document with another main phone and another welcome-offer percent. */
export const markedUpName = "Keystone Shine </script><img src=x onerror=alert(1)> Cleaning";

export function changedDocument(): SiteContent {
  const document = structuredClone(repositoryContent) as SiteContent;
  document.contact.phone = changedPhone.display;
  document.offer.percentOff = 35;
  // What the owner types is text everywhere: markup in the name stays characters, in the pages
  // and in their JSON-LD.
  document.business.name = markedUpName;
  return document;
}

export const readIndex = (folder: string) =>
  JSON.parse(readFileSync(join(folder, "_headers.json"), "utf8")) as SiteIndex;

/** The pages (whole documents) of a rendered site, by URL path of the file. */
export function pagesOf(folder: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const urlPath of Object.keys(readIndex(folder).files)) {
    if (!urlPath.endsWith(".html")) continue;
    const html = readFileSync(join(folder, urlPath), "utf8");
    if (html.includes("<html")) pages.set(urlPath, html);
  }
  return pages;
}
