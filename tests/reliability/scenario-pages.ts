/**
 * Scenario 1: keep-alive GETs over every route of the site and every asset those pages reference,
 * as a browser asks for them (Accept-Encoding: br, gzip). Invariant: no errors, no timeouts and
 * no status other than 200.
 */
import type { Harness } from "./harness.ts";
import { rssSampler } from "./harness.ts";
import { runLoad } from "./load.ts";
import { check, format, type ScenarioResult } from "./report.ts";

export type PagesOptions = { seconds: number; connections: number; routes: string[] };

/** /assets/ URLs in a page (scripts, styles, images, module imports, preloads). */
export function assetUrls(html: string): string[] {
  return [...html.matchAll(/["'(](\/assets\/[^"'()\s?#]+)/g)].map((match) => match[1] as string);
}

export async function pagesScenario(h: Harness, options: PagesOptions): Promise<ScenarioResult> {
  const server = await h.startServer({
    dataDir: h.dataDir("pages"),
    env: { RATE_LIMIT_DISABLED: "true" },
  });
  const assets = new Set<string>();
  for (const route of options.routes) {
    const response = await fetch(`${server.url}${route}`);
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    for (const url of assetUrls(await response.text())) assets.add(url);
  }
  const paths = [...options.routes, ...assets];
  const statuses = new Map<number, number>();
  const rssBefore = server.rss();
  const sampler = rssSampler(server);
  const result = await runLoad({
    url: server.url,
    connections: options.connections,
    duration: options.seconds,
    requests: paths.map((path) => ({
      method: "GET",
      path,
      headers: { "accept-encoding": "br, gzip" },
      onResponse: (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
    })),
  }).done;
  const rssPeak = sampler.stop();
  const rssAfter = server.rss();
  await server.stop();

  const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  const not200 = total - (statuses.get(200) ?? 0);
  const bytes = result.throughput.total ?? result.throughput.average * result.duration;
  return {
    id: 1,
    title: "Pages: keep-alive GETs over every route and its assets",
    figures: [
      ["URLs (routes + assets)", `${paths.length} (${options.routes.length} + ${assets.size})`],
      ["connections / duration (s)", `${options.connections} / ${result.duration.toFixed(1)}`],
      ["requests answered", format.count(total)],
      ["requests per second (mean)", format.rate(result.requests.average)],
      [
        "latency p50 / p99 / max (ms)",
        `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`,
      ],
      ["errors / timeouts / non-200", `${result.errors} / ${result.timeouts} / ${not200}`],
      [
        "bytes received (MiB, compressed) / per second",
        `${format.mib(bytes)} / ${format.mib(bytes / result.duration)}`,
      ],
      [
        "server RSS before / peak / after (MiB)",
        `${format.mib(rssBefore)} / ${format.mib(rssPeak)} / ${format.mib(rssAfter)}`,
      ],
    ],
    checks: [
      check(
        "every request answered 200",
        total > 0 && not200 === 0,
        `${total - not200} of ${total}`,
      ),
      check(
        "no connection errors or timeouts",
        result.errors === 0 && result.timeouts === 0,
        `${result.errors} errors, ${result.timeouts} timeouts`,
      ),
    ],
  };
}
