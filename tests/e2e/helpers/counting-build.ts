/**
 * The site built with SITE_COUNTS=on, for specs of what counting adds (docs/counting.md): the shipped build (build/client) counts nothing. Each spec gets a folder of its own,
 * since specs run in parallel workers; the settings to serve it with `ownServer`.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../../integration/support/processes.ts";
import { test } from "../fixtures";

const run = promisify(execFile);

/**
 * Builds into test-results/<name>-counting-build (a build outside the project cannot prerender).
 * Called in a beforeAll hook (ownServer's `env`), whose time limit it raises for the build.
 */
export async function buildCountingSite(name: string) {
  test.setTimeout(180_000);
  const folder = join(projectRoot, "test-results", `${name}-counting-build`);
  await run(join(projectRoot, "node_modules/.bin/react-router"), ["build"], {
    cwd: projectRoot,
    env: { ...process.env, SITE_COUNTS: "on", BUILD_DIR: folder, VITE_SUPABASE_URL: "" },
  });
  const clientDir = join(folder, "client");
  return { clientDir, env: { STATIC_DIR: clientDir, SITE_COUNTS: "on" } };
}
