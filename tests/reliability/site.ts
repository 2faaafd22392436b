/** The built site the benchmark serves: building it, and reading its pages from its sitemap. */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const clientDir = path.join(projectRoot, "build", "client");

/** `react-router build` with this same Node binary, output shown; fails after `timeoutMs`. */
export async function buildSite(timeoutMs = 5 * 60_000): Promise<void> {
  const manifest = createRequire(import.meta.url).resolve("@react-router/dev/package.json");
  const cli = path.join(path.dirname(manifest), "bin.cjs");
  const child = spawn(process.execPath, [cli, "build"], { cwd: projectRoot, stdio: "inherit" });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const forget = onCleanup("the build", () => {
    child.kill("SIGKILL");
  });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new Error(`react-router build failed (exit code ${code})`);
  } finally {
    clearTimeout(timer);
    forget();
  }
}

/** The page paths listed in a built site's sitemap.xml, in its order. */
export async function sitemapPaths(siteDir: string): Promise<string[]> {
  const xml = await readFile(path.join(siteDir, "sitemap.xml"), "utf8");
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  if (paths.length === 0) throw new Error(`no <loc> in ${siteDir}/sitemap.xml`);
  return paths;
}
