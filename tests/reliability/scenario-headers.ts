/**
 * Scenario 7: the security-header review (security-review.ts) of every page, the 404 page, the
 * assets and files they use, and each kind of answer of the function; plus
 * `npm audit --omit=dev` (no high or critical advisory in what the site ships). When the
 * registry's advisory service cannot be reached the audit is reported as a warning, not a pass.
 */
import { spawn } from "node:child_process";
import { projectRoot } from "../../server/settings.ts";
import { validRequest } from "../integration/support/requests.ts";
import { functionPath, type Harness } from "./harness.ts";
import { check, type ScenarioResult } from "./report.ts";
import { assetUrls } from "./scenario-pages.ts";
import { type ResponseKind, reviewHeaders } from "./security-review.ts";

export type AuditResult =
  | { ok: true; counts: Record<string, number> }
  | { ok: false; reason: string };

/** `npm audit --omit=dev --json`, bounded to `timeoutMs`. */
export function npmAudit(timeoutMs = 60_000): Promise<AuditResult> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["audit", "--omit=dev", "--json"], {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: error.message });
    });
    child.once("close", () => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(stdout) as {
          metadata?: { vulnerabilities?: Record<string, number> };
          error?: { summary?: string; detail?: string };
          message?: string;
        };
        if (report.metadata?.vulnerabilities)
          return resolve({ ok: true, counts: report.metadata.vulnerabilities });
        const reason = report.message || report.error?.summary || "no report";
        const firstLine = reason.split("\n")[0] ?? reason;
        resolve({
          ok: false,
          reason: firstLine.replace(/\s*-?\s*(POST|GET)?\s*https?:\/\/\S+/g, "").trim(),
        });
      } catch {
        const line = stderr.split("\n").find((text) => /error/i.test(text)) ?? "no JSON report";
        resolve({ ok: false, reason: line.replace(/^npm error\s*/, "").trim() });
      }
    });
  });
}

export type HeadersOptions = { routes: string[]; audit?: boolean };

export async function headersScenario(
  h: Harness,
  options: HeadersOptions,
): Promise<ScenarioResult> {
  const smtp = await h.startSmtp();
  const server = await h.startServer({ dataDir: h.dataDir("headers"), smtpUrl: smtp.url });
  const reviewed: { kind: ResponseKind; what: string; problems: string[] }[] = [];
  const review = (kind: ResponseKind, what: string, response: Response) =>
    reviewed.push({ kind, what, problems: reviewHeaders(kind, response.headers) });

  const assets = new Set<string>();
  for (const route of options.routes) {
    const response = await fetch(`${server.url}${route}`, { headers: { "accept-encoding": "br" } });
    review("page", `${route} ${response.status}`, response);
    for (const url of assetUrls(await response.text())) assets.add(url);
  }
  const missing = await fetch(`${server.url}/no-such-page`);
  review("page", `404 page ${missing.status}`, missing);
  for (const path of [...assets, "/robots.txt", "/sitemap.xml", "/assets/../x", "/%zz"]) {
    const response = await fetch(`${server.url}${path}`);
    review(
      response.headers.get("content-type")?.startsWith("text/html") ? "page" : "asset",
      `${path} ${response.status}`,
      response,
    );
  }

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${functionPath}`, {
      method: "POST",
      headers: { apikey: h.key, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  review("function", "function 200", await post(validRequest()));
  review("function", "function 400", await post({ name: "" }));
  review("function", "function 401", await post(validRequest(), { apikey: "wrong" }));
  review("function", "function 405", await fetch(`${server.url}${functionPath}`));
  review(
    "asset",
    "function preflight 204",
    await fetch(`${server.url}${functionPath}`, {
      method: "OPTIONS",
      headers: { origin: server.url, "access-control-request-method": "POST" },
    }),
  );
  review("function", "unknown function 404", await fetch(`${server.url}/functions/v1/nope`));
  await server.stop();

  const audit = options.audit === false ? null : await npmAudit();
  const failing = reviewed.filter((item) => item.problems.length > 0);
  const count = (kind: ResponseKind) => reviewed.filter((item) => item.kind === kind).length;
  const severe = audit?.ok ? (audit.counts.high ?? 0) + (audit.counts.critical ?? 0) : 0;
  const auditFigure =
    audit === null
      ? "skipped"
      : audit.ok
        ? Object.entries(audit.counts)
            .map(([level, n]) => `${level} ${n}`)
            .join(", ")
        : `unavailable: ${audit.reason}`;
  return {
    id: 7,
    title: "Security headers of pages and the function; npm audit --omit=dev",
    figures: [
      ["pages reviewed (routes + 404 + HTML fallbacks)", String(count("page"))],
      ["assets and other files reviewed", String(count("asset"))],
      ["function answers reviewed", String(count("function"))],
      ["responses with a problem", String(failing.length)],
      ["npm audit --omit=dev", auditFigure],
    ],
    checks: [
      check(
        "every response passes the header review (CSP without 'unsafe-inline' for scripts, nosniff, Referrer-Policy, Permissions-Policy, frame-ancestors)",
        failing.length === 0,
        failing.length === 0
          ? `${reviewed.length} responses`
          : failing
              .slice(0, 3)
              .map((item) => `${item.what}: ${item.problems.join(", ")}`)
              .join("; "),
      ),
      ...(audit === null
        ? []
        : [
            audit.ok
              ? check(
                  "npm audit --omit=dev: no high or critical advisory",
                  severe === 0,
                  auditFigure,
                )
              : check("npm audit --omit=dev could run", false, auditFigure, true),
          ]),
    ],
  };
}
