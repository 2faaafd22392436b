/**
 * What a later render of the site needs from this build (server/site-render/): the prerender's
 * output as it was before finish-html.ts and ship-site.ts changed it (ship-site removes the
 * stylesheet and the SVGs that finish-html inlines), and the options the build shipped it with.
 * Kept beside build/client, never served.
 */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** The options shipSite was given, so a render ships the same way (the function's origin). */
export type SiteOptions = { functionOrigins: string[] };

export const siteSourceFolder = "site-source";
const optionsFile = "site-options.json";

export function siteSourceDir(buildDir: string): string {
  return path.join(buildDir, siteSourceFolder);
}

/** Called by the build after prerendering, before the pages are finished. */
export async function keepSiteSource(
  buildDir: string,
  clientDir: string,
  options: SiteOptions,
): Promise<void> {
  // Nothing of an earlier build may stay: a page removed since would be made again.
  await rm(siteSourceDir(buildDir), { recursive: true, force: true });
  await cp(clientDir, siteSourceDir(buildDir), {
    recursive: true,
    force: true,
    // React Router's data files are for hydration, which the pages do not do.
    filter: (source) => !source.endsWith(".data"),
  });
  await writeFile(path.join(buildDir, optionsFile), `${JSON.stringify(options, null, 1)}\n`);
}

export async function readSiteOptions(buildDir: string): Promise<SiteOptions> {
  const options = JSON.parse(
    await readFile(path.join(buildDir, optionsFile), "utf8"),
  ) as Partial<SiteOptions>;
  return { functionOrigins: options.functionOrigins ?? [] };
}
