/** Command-line options of `npm run bench:server`: counts, durations and which scenarios run. */
import { parseArgs } from "node:util";

export const usage = `Usage: npm run bench:server [-- options]

Starts the real embedded server (server/start.ts) on free loopback ports with the built site, a
temporary data folder and a real SMTP server on loopback, runs the reliability scenarios,
prints one table per scenario and a verdict, and exits 1 if an invariant breaks
(2 on an error). 3 to 4 minutes on 2 cores; --quick under a minute (no 30 s body-trickling
clients).

  --quick                 small counts and short runs (about a minute)
  --only 1,2,...          run only these scenarios (1 pages, 2 quotes, 3 crash, 4 mail outage,
                          5 hostile input, 6 abuse, 7 security headers and npm audit,
                          8 poison messages, 9 two servers on one Postgres; skipped,
                          saying so, without Postgres; 10 graceful stop)
  --pages-seconds N       scenario 1 duration (default 30; quick 8)
  --pages-connections N   scenario 1 keep-alive connections (default 100; quick 50)
  --submissions N         scenario 2 distinct valid submissions (default 5000; quick 600)
  --concurrency N         scenarios 2 and 3 concurrent clients (default 50; quick 25)
  --crash-submissions N   scenario 3 submissions; SIGKILL after half are answered (default 2000; quick 400)
  --outage-seconds N      scenario 4 run of submissions, SMTP down in its middle (default 16; quick 6)
  --outage-rate N         scenario 4 submissions per second (default 60; quick 40)
  --hostile N             scenario 5 generated bad requests (default 10000, at least 100; quick 2000)
  --slow-clients N        scenario 5 sockets that trickle bytes (default 12; quick 6)
  --pg-submissions N      scenario 9 submissions over two servers, one killed (default 5000; quick 600)
  --pg-throughput N       scenario 9 submissions per SQLite/Postgres rate run (default 2000; quick 300)
  --graceful-runs N       scenario 10 servers stopped with 20 requests in flight, 15 of them in the
                          listen backlog (default 9; quick 3)
  --no-build              measure build/client as it stands (default: build the site first, so that
                          the figures are those of the sources as they are)
  -h, --help              this help
`;

export type ServerBenchOptions = {
  scenarios: Set<number>;
  quick: boolean;
  pagesSeconds: number;
  pagesConnections: number;
  submissions: number;
  concurrency: number;
  crashSubmissions: number;
  outageSeconds: number;
  outageRate: number;
  hostile: number;
  slowClients: number;
  pgSubmissions: number;
  pgThroughput: number;
  gracefulRuns: number;
  /** Build the site before the run (`--no-build`: use build/client as it stands). */
  build: boolean;
  help: boolean;
};

export const allScenarios = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

const full = {
  pagesSeconds: 30,
  pagesConnections: 100,
  submissions: 5000,
  concurrency: 50,
  crashSubmissions: 2000,
  outageSeconds: 16,
  outageRate: 60,
  hostile: 10_000,
  slowClients: 12,
  pgSubmissions: 5000,
  pgThroughput: 2000,
  gracefulRuns: 9,
};

const quick: typeof full = {
  pagesSeconds: 8,
  pagesConnections: 50,
  submissions: 600,
  concurrency: 25,
  crashSubmissions: 400,
  outageSeconds: 6,
  outageRate: 40,
  hostile: 2000,
  slowClients: 6,
  pgSubmissions: 600,
  pgThroughput: 300,
  gracefulRuns: 3,
};

const limits: Record<keyof typeof full, [number, number]> = {
  pagesSeconds: [1, 600],
  pagesConnections: [1, 1000],
  submissions: [1, 100_000],
  concurrency: [1, 500],
  crashSubmissions: [20, 100_000],
  outageSeconds: [3, 600],
  outageRate: [1, 2000],
  hostile: [100, 200_000],
  slowClients: [0, 200],
  pgSubmissions: [20, 100_000],
  pgThroughput: [10, 100_000],
  gracefulRuns: [1, 100],
};

function wholeNumber(flag: string, raw: string, [min, max]: [number, number]): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function scenarioList(raw: string | undefined): Set<number> {
  if (raw === undefined) return new Set(allScenarios);
  const chosen = new Set<number>();
  for (const part of raw.split(",")) {
    const value = Number(part.trim());
    if (!allScenarios.includes(value as (typeof allScenarios)[number]))
      throw new Error(
        `--only takes scenario numbers ${allScenarios.join(", ")}, got "${part.trim()}"`,
      );
    chosen.add(value);
  }
  return chosen;
}

const flagOf = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function parseServerBenchArgs(argv: readonly string[]): ServerBenchOptions {
  const numeric = Object.fromEntries(
    Object.keys(full).map((name) => [flagOf(name), { type: "string" as const }]),
  );
  const { values } = parseArgs({
    args: [...argv],
    allowNegative: true,
    options: {
      ...numeric,
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      build: { type: "boolean" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const raw = values as Record<string, string | boolean | undefined>;
  const defaults = raw.quick ? quick : full;
  const counts = { ...defaults };
  for (const name of Object.keys(full) as (keyof typeof full)[]) {
    const given = raw[flagOf(name)];
    if (typeof given === "string") counts[name] = wholeNumber(flagOf(name), given, limits[name]);
  }
  return {
    ...counts,
    scenarios: scenarioList(values.only),
    quick: Boolean(raw.quick),
    build: values.build !== false,
    help: Boolean(values.help),
  };
}
