/** `npm start` on a fresh clone: build the site first when there is no build to serve. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ConfigError, type Logger } from "../functions/send-contact-email/index.ts";
import { siteIndexFile } from "../shared/site-index.ts";
import { projectRoot } from "./settings.ts";

/** A build this server can serve: the site with the index the build writes last. */
export function hasBuild(staticDir: string): boolean {
  return existsSync(join(staticDir, siteIndexFile));
}

/** The React Router CLI: not an export of its package, so found beside its package.json. */
export function reactRouterCli(): string {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve("@react-router/dev/package.json");
  } catch {
    // A production install (npm ci --omit=dev) serves a build; it cannot make one.
    throw new ConfigError(
      "there is no build of the site (build/client) and the build tools are not installed " +
        "(a production install, npm ci --omit=dev). Build it where the dev dependencies are " +
        "installed (npm ci && npm run build) and bring build/ along, or install with npm ci.",
    );
  }
  return join(dirname(manifest), "bin.cjs");
}

/** Runs `react-router build` with this same Node binary (the project's Node 24). */
export async function buildSite(log: Logger): Promise<void> {
  const cli = reactRouterCli();
  log.info("no build found: running react-router build");
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build"], { cwd: projectRoot, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`react-router build failed (exit code ${code})`);
}
