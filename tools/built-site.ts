/**
 * The built site the benchmarks serve (bench:server, bench:pages, bench:bundle): building it, and
 * reading its pages from its sitemap.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "..");
export const clientDir = path.join(projectRoot, "build", "client");

/**
 * `react-router build` with this same Node binary, output shown; fails after `timeoutMs`. `stop`
 * kills the build: a benchmark stopped by Ctrl-C leaves no build running behind it.
 */
export async function buildSite({
  timeoutMs = 5 * 60_000,
  stop,
}: {
  timeoutMs?: number;
  stop?: AbortSignal;
} = {}): Promise<void> {
  const manifest = createRequire(import.meta.url).resolve("@react-router/dev/package.json");
  const cli = path.join(path.dirname(manifest), "bin.cjs");
  const child = spawn(process.execPath, [cli, "build"], { cwd: projectRoot, stdio: "inherit" });
  const kill = () => child.kill("SIGKILL");
  const timer = setTimeout(kill, timeoutMs);
  stop?.addEventListener("abort", kill, { once: true });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new Error(`react-router build failed (exit code ${code})`);
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener("abort", kill);
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
