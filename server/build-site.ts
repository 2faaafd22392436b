/** `npm start` on a fresh clone: build the site first when there is no build to serve. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Logger } from "../functions/send-contact-email/log.ts";
import { projectRoot } from "./settings.ts";

export function hasBuild(staticDir: string): boolean {
  return existsSync(join(staticDir, "index.html"));
}

/** Runs `react-router build` with this same Node binary (the project's Node 24). */
export async function buildSite(log: Logger): Promise<void> {
  // The CLI file is not an export of the package; find it beside its package.json.
  const manifest = createRequire(import.meta.url).resolve("@react-router/dev/package.json");
  const cli = join(dirname(manifest), "bin.cjs");
  log.info("no build found: running react-router build");
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build"], { cwd: projectRoot, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`react-router build failed (exit code ${code})`);
}
