/**
 * Tells a static host (Netlify, Cloudflare Pages, Vercel) that the owner published a content
 * version: one POST to its build hook (DEPLOY_HOOK_URL), whose build then reads the live version
 * from the function (`npm run content -- --pull`, site/content-route.ts). All three hosts take an
 * empty POST, and the build asks the function for the newest version anyway, so the body says
 * nothing. The URL is the hook's only key: only its host is ever logged or shown.
 */
import type { ContactConfig } from "../base/config.ts";
import { errorMessage, type Logger } from "../base/log.ts";

export type DeployHookResult =
  | { ok: true; host: string; attempts: number; message: string }
  | { ok: false; host: string; attempts: number; reason: string; message: string };

export const deployHookDefaults = {
  // A hook answers at once (the build runs afterwards); ten seconds is a host that is not there.
  timeoutMs: 10_000,
  retryDelayMs: 2_000,
  // Same-host redirects only (a moved endpoint); the secret never goes to another host.
  maxRedirects: 3,
} as const;

export type DeployHookOptions = {
  url: string;
  /** The version just published, for the log and the owner's message. */
  version: number;
  log: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryDelayMs?: number;
};

type Attempt = { ok: true; status: number } | { ok: false; reason: string; retry: boolean };

/** POSTs to the hook, once more after a failure that may pass; never throws. */
export async function callDeployHook(options: DeployHookOptions): Promise<DeployHookResult> {
  const { version, log } = options;
  const fetchHook = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? deployHookDefaults.timeoutMs;
  const retryDelayMs = options.retryDelayMs ?? deployHookDefaults.retryDelayMs;
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return failed("", version, 0, "DEPLOY_HOOK_URL is not a web address");
  }
  const host = url.host;
  let last: Attempt = { ok: false, reason: "not called", retry: false };
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    last = await post(url, fetchHook, timeoutMs);
    if (last.ok) {
      log.info("the static host's build hook was called", {
        host,
        version,
        status: last.status,
        attempt,
      });
      return {
        ok: true,
        host,
        attempts: attempt,
        message: `The host (${host}) was told to build the pages again: they show version ${version} once its build is done, usually within a few minutes.`,
      };
    }
    log.warn("the static host's build hook failed", {
      host,
      version,
      attempt,
      reason: last.reason,
    });
    if (!last.retry || attempt === 2) return failed(host, version, attempt, last.reason);
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  }
  return failed(host, version, 2, last.ok ? "" : last.reason);
}

/**
 * What the owner's publish (and restore) calls once the version is stored: the hook when
 * DEPLOY_HOOK_URL is set, else nothing (null). On `npm start` the server rebuilds its own pages
 * besides; the hook is for a host that builds them elsewhere.
 */
export function tellStaticHost(
  config: Pick<ContactConfig, "deployHookUrl">,
  version: number,
  log: Logger,
): Promise<DeployHookResult | null> {
  if (!config.deployHookUrl) return Promise.resolve(null);
  return callDeployHook({ url: config.deployHookUrl, version, log });
}

function failed(host: string, version: number, attempts: number, reason: string): DeployHookResult {
  return {
    ok: false,
    host,
    attempts,
    reason,
    message: `Version ${version} is saved, but the host${host ? ` (${host})` : ""} was not told to build the pages again: ${reason}. The pages still show the version before. Publish again, or Restore this version, to try again.`,
  };
}

async function post(start: URL, fetchHook: typeof fetch, timeoutMs: number): Promise<Attempt> {
  const signal = AbortSignal.timeout(timeoutMs);
  let target = start;
  for (let redirects = 0; ; redirects += 1) {
    let response: Response;
    try {
      response = await fetchHook(target, { method: "POST", redirect: "manual", signal });
    } catch (error) {
      if (signal.aborted)
        return {
          ok: false,
          reason: `it did not answer within ${timeoutMs / 1000} seconds`,
          retry: true,
        };
      return { ok: false, reason: `it could not be reached (${why(error, start)})`, retry: true };
    }
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      let next: URL;
      try {
        next = new URL(location, target);
      } catch {
        return { ok: false, reason: "it sent us to an address that is not one", retry: false };
      }
      if (next.origin !== start.origin)
        return {
          ok: false,
          reason: `it sent us on to another host (${next.host}), where the hook's address is not sent`,
          retry: false,
        };
      if (redirects >= deployHookDefaults.maxRedirects)
        return { ok: false, reason: "it sent us from address to address", retry: false };
      target = next;
      continue;
    }
    if (response.ok) return { ok: true, status: response.status };
    return {
      ok: false,
      reason: refusal(response.status),
      // The host's own trouble may pass; a hook it does not know will not.
      retry: response.status >= 500 || response.status === 429 || response.status === 408,
    };
  }
}

function refusal(status: number): string {
  if (status === 404 || status === 410)
    return `it answered ${status}: the hook no longer exists; make a new one on the host and set DEPLOY_HOOK_URL to it`;
  if (status === 401 || status === 403)
    return `it answered ${status}: the host refused the hook; check DEPLOY_HOOK_URL against the host's settings`;
  if (status === 429) return "it answered 429: the host asks to wait before the next build";
  if (status >= 500) return `it answered ${status}: the host had a problem of its own`;
  return `it answered ${status}`;
}

/** A network error in words, without the hook's secret path should an error repeat the URL. */
function why(error: unknown, url: URL): string {
  const cause = (error as { cause?: unknown }).cause;
  let message = errorMessage(cause ?? error)
    .split(url.href)
    .join(url.host);
  for (const secret of [url.search, url.pathname])
    if (secret.length > 1) message = message.split(secret).join("/…");
  return message;
}
