/** Command-line options of `npm run bench:pages`. */
import { parseArgs } from "node:util";

export const usage = `Usage: npm run bench:pages [-- options]

Builds the site, serves it with the real server on a free loopback port and runs Lighthouse
(default mobile settings, simulated throttling) on every route and the 404 page, then prints one
table of the median runs and the budget verdict. Exits 1 when a budget is broken, 2 on an error.

  --runs N          Lighthouse runs per route (default 3)
  --routes a,b      only these paths, e.g. --routes /,/about,404 ("404" is the 404 page)
  --no-build        measure the existing build/client (no react-router build first)
  --base URL        measure a site that is already running (no build, no server started)
  --slow-ratio R    repeat a run whose CPU benchmark index is below R x the best seen in the
                    whole session, before or after it (default 0.6)
  --max-repeats N   at most N repeated runs per route (default 2)
  --chrome-path P   Chromium to use (default $CHROME_PATH or /usr/bin/chromium)
  --max-minutes M   stop measuring after M minutes (default 60)
  -h, --help        this help

Reports (Lighthouse JSON and HTML of every run, summary.json) go to bench-results/pages/<time>/.
`;

export type BenchOptions = {
  runs: number;
  routes: string | undefined;
  build: boolean;
  base: string | undefined;
  slowRatio: number;
  maxRepeats: number;
  chromePath: string;
  maxMinutes: number;
  help: boolean;
};

function positiveInteger(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return value;
}

export function parseBenchArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    allowNegative: true,
    options: {
      runs: { type: "string", default: "3" },
      routes: { type: "string" },
      build: { type: "boolean", default: true },
      base: { type: "string" },
      "slow-ratio": { type: "string", default: "0.6" },
      "max-repeats": { type: "string", default: "2" },
      "chrome-path": { type: "string" },
      "max-minutes": { type: "string", default: "60" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const slowRatio = Number(values["slow-ratio"]);
  if (!(slowRatio >= 0 && slowRatio <= 1))
    throw new Error(`--slow-ratio must be from 0 to 1, got "${values["slow-ratio"]}"`);
  const maxRepeats = Number(values["max-repeats"]);
  if (!Number.isInteger(maxRepeats) || maxRepeats < 0 || maxRepeats > 10)
    throw new Error(`--max-repeats must be a whole number from 0 to 10`);
  let base: string | undefined;
  if (values.base !== undefined) {
    let url: URL;
    try {
      url = new URL(values.base);
    } catch {
      throw new Error(`--base must be a URL, got "${values.base}"`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new Error(`--base must be an http(s) URL, got "${values.base}"`);
    base = url.origin + url.pathname.replace(/\/+$/, "");
  }
  return {
    runs: positiveInteger("runs", values.runs, 20),
    routes: values.routes,
    build: values.build && base === undefined,
    base,
    slowRatio,
    maxRepeats,
    chromePath: values["chrome-path"] || env.CHROME_PATH || "/usr/bin/chromium",
    maxMinutes: positiveInteger("max-minutes", values["max-minutes"], 24 * 60),
    help: values.help,
  };
}
