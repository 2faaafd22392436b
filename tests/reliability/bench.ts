/**
 * `npm run bench:server`: the reliability benchmark (docs/decisions/0006-reliability.md). Starts the real embedded server
 * (server/start.ts) with the built site, a temporary data folder and a real SMTP server, all on
 * loopback, runs the scenarios of this folder, prints one table per scenario and a
 * verdict, and exits 1 if an invariant breaks (2 on an error). See --help for counts and durations.
 * A copy of the output goes to bench-results/server/<time>.txt, each scenario's table to
 * docs/figures.md.
 */
import { existsSync, writeFileSync } from "node:fs";
import { cp, mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite, clientDir, projectRoot, sitemapPaths } from "../../tools/built-site.ts";
import { machine, markdownTable, provenance, writeFigures } from "../../tools/figures.ts";
import { postgresBin } from "../integration/support/postgres.ts";
import { exitOnSignals, onCleanup, runCleanup } from "./cleanup.ts";
import { createHarness, type Harness } from "./harness.ts";
import { parseServerBenchArgs, type ServerBenchOptions, usage } from "./options.ts";
import { check, failures, formatScenario, type ScenarioResult, verdictLine } from "./report.ts";
import { abuseDefaults, abuseScenario } from "./scenario-abuse.ts";
import { crashScenario } from "./scenario-crash.ts";
import { gracefulDefaults, gracefulScenario } from "./scenario-graceful.ts";
import { headersScenario } from "./scenario-headers.ts";
import { hostileScenario } from "./scenario-hostile.ts";
import { mailOutageScenario } from "./scenario-mail-outage.ts";
import { pagesScenario } from "./scenario-pages.ts";
import { poisonDefaults, poisonScenario } from "./scenario-poison.ts";
import { postgresScenario } from "./scenario-postgres.ts";
import { quotesScenario } from "./scenario-quotes.ts";

/** Whatever happens, the benchmark ends by itself. */
const hardLimitMs = 30 * 60_000;

const lines: string[] = [];
function print(text = "") {
  lines.push(text);
  process.stdout.write(`${text}\n`);
}

type Scenario = {
  id: number;
  title: string;
  run: (h: Harness, routes: string[]) => Promise<ScenarioResult>;
};

function scenarios(options: ServerBenchOptions): Scenario[] {
  const all: Scenario[] = [
    {
      id: 1,
      title: "Pages",
      run: (h, routes) =>
        pagesScenario(h, {
          seconds: options.pagesSeconds,
          connections: options.pagesConnections,
          routes,
        }),
    },
    {
      id: 2,
      title: "Quote requests",
      run: (h) =>
        quotesScenario(h, { submissions: options.submissions, concurrency: options.concurrency }),
    },
    {
      id: 3,
      title: "Crash",
      run: (h) =>
        crashScenario(h, {
          submissions: options.crashSubmissions,
          concurrency: options.concurrency,
        }),
    },
    {
      id: 4,
      title: "Mail outage",
      run: (h) =>
        mailOutageScenario(h, { seconds: options.outageSeconds, rate: options.outageRate }),
    },
    {
      id: 5,
      title: "Hostile input",
      run: (h) =>
        hostileScenario(h, {
          count: options.hostile,
          slowClients: options.slowClients,
          // The body trickle is cut at the 30 s request limit: too long for --quick.
          ...(options.quick ? { slowKinds: ["headers", "silent"] as const } : {}),
        }),
    },
    { id: 6, title: "Abuse", run: (h) => abuseScenario(h, abuseDefaults) },
    {
      id: 7,
      title: "Security headers and npm audit",
      run: (h, routes) => headersScenario(h, { routes }),
    },
    {
      id: 8,
      title: "Poison messages",
      run: (h) =>
        poisonScenario(
          h,
          options.quick ? { ...poisonDefaults, real: 4, spacingMs: 2000 } : poisonDefaults,
        ),
    },
    {
      id: 9,
      title: "Two servers on one Postgres",
      run: async (h) =>
        postgresBin
          ? postgresScenario(h, {
              submissions: options.pgSubmissions,
              throughputSubmissions: options.pgThroughput,
              concurrency: options.concurrency,
            })
          : {
              id: 9,
              title: "Two servers on one Postgres",
              figures: [],
              checks: [
                check(
                  "Postgres is installed (apt-get install postgresql, or PG_BIN)",
                  false,
                  "not run",
                  true,
                ),
              ],
            },
    },
    {
      id: 10,
      title: "Graceful stop",
      run: (h) => gracefulScenario(h, { ...gracefulDefaults, runs: options.gracefulRuns }),
    },
  ];
  return all.filter((scenario) => options.scenarios.has(scenario.id));
}

async function main(): Promise<number> {
  const options = parseServerBenchArgs(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(usage);
    return 0;
  }
  exitOnSignals();
  const limit = setTimeout(() => {
    console.error(`bench:server: still running after ${hardLimitMs / 60_000} min, stopping`);
    void runCleanup().finally(() => process.exit(2));
  }, hardLimitMs);
  limit.unref();

  if (options.build) await buildStoppedByCleanup();
  else if (!existsSync(path.join(clientDir, "index.html")))
    throw new Error("build/client is missing: run npm run build (or drop --no-build)");

  // A private copy of the build (a rebuild during the run cannot change it) and, beside it, a
  // secret that no answer may ever contain.
  const workDir = await mkdtemp(path.join(tmpdir(), "bench-server-"));
  const staticDir = path.join(workDir, "site");
  await cp(clientDir, staticDir, { recursive: true });
  const secret = `BENCH-SECRET-${crypto.randomUUID()}`;
  writeFileSync(path.join(workDir, "secret.txt"), `${secret}\n`);
  const harness = createHarness({ workDir, staticDir, secret, own: true });
  const forget = onCleanup("the servers and the temporary folder", () => harness.dispose());
  const routes = await sitemapPaths(staticDir);

  const started = Date.now();
  print(`bench:server — ${new Date().toISOString()}`);
  print(`machine: ${machine()}`);
  print(
    `run: ${options.quick ? "--quick" : "full"}; scenarios ${[...options.scenarios].join(",")}; ` +
      `server/start.ts on 127.0.0.1 (free ports), ${routes.length} routes, temporary DATA_DIR, ` +
      "smtp-server on loopback",
  );
  print();
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of scenarios(options)) {
      const scenarioStarted = performance.now();
      let result: ScenarioResult;
      try {
        result = await scenario.run(harness, routes);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        result = {
          id: scenario.id,
          title: scenario.title,
          figures: [],
          checks: [check("the scenario ran to completion", false, message.split("\n")[0] ?? "")],
          notes: [message],
        };
      }
      result.seconds = (performance.now() - scenarioStarted) / 1000;
      results.push(result);
      print(formatScenario(result));
      print();
      await writeFigures(`server-${result.id}`, scenarioFigures(result, options));
      // Servers of a scenario that failed half-way are stopped before the next one starts.
      await harness.close();
    }
  } finally {
    forget();
    await harness.dispose();
  }
  print(`total time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  print(verdictLine(results));

  const outDir = path.join(projectRoot, "bench-results", "server");
  await mkdir(outDir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  writeFileSync(path.join(outDir, `${stamp}.txt`), `${lines.join("\n")}\n`);
  return failures(results).length === 0 ? 0 : 1;
}

/** One scenario's section of docs/figures.md: its figures and what it checked, with provenance. */
function scenarioFigures(result: ScenarioResult, options: ServerBenchOptions): string {
  return [
    `### ${result.id}. ${result.title}`,
    "",
    provenance("bench:server", [options.quick ? "Counts of --quick." : "Full counts."]),
    "",
    markdownTable(["figure", "value"], result.figures),
    "",
    ...result.checks.map(
      (item) =>
        `- ${item.ok ? "PASS" : item.advisory ? "WARN" : "FAIL"} ${item.name}${item.detail ? `: ${item.detail}` : ""}`,
    ),
  ].join("\n");
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await runCleanup();
    process.exit(2);
  },
);

/** The build, killed like everything else the benchmark started when it is stopped. */
async function buildStoppedByCleanup(): Promise<void> {
  const stop = new AbortController();
  const forget = onCleanup("the build", () => stop.abort());
  try {
    await buildSite({ stop: stop.signal });
  } finally {
    forget();
  }
}
