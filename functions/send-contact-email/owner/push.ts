/**
 * The HTTP request that pushes a notice to the owner's phone or chat: ntfy (self-hostable, free
 * phone apps), a Slack or Discord incoming webhook, or generic JSON for anything else. The format
 * is a setting (ALERT_FORMAT), the address another (ALERT_URL). Visitor strings are escaped for each
 * format's markup, so a name cannot mention @everyone or fake a link.
 *
 * A push carries one link at most: the read-only page of the request it is about. A topic or a
 * chat channel is readable by whoever knows its name, and the inbox would hand them every
 * customer (and its CSV) for as long as the link lasts; a notice queued with an inbox link (by an
 * older version) still goes out without it.
 */
import type { Notice } from "../store/owner-store.ts";

export const pushFormats = ["ntfy", "slack", "discord", "json"] as const;
export type PushFormat = (typeof pushFormats)[number];

export type PushTarget = { url: string; format: PushFormat };

export type PushRequest = {
  url: string;
  method: "POST";
  headers: Record<string, string>;
  body: string;
};

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8" };

/**
 * ntfy takes JSON at its root with the topic inside (so names with accents survive, which its
 * header-based form would mangle): https://ntfy.sh/my-topic posts to https://ntfy.sh/.
 */
function ntfy(notice: Notice, target: string): PushRequest {
  const url = new URL(target);
  const segments = url.pathname.split("/").filter(Boolean);
  const topic = segments.pop() ?? "";
  url.pathname = `/${segments.map((segment) => `${segment}/`).join("")}`;
  const body: Record<string, unknown> = {
    topic,
    title: notice.title,
    message: notice.lines.join("\n"),
    tags: [notice.kind === "alert" ? "broom" : notice.kind === "reminder" ? "hourglass" : "memo"],
    priority: notice.kind === "digest" ? 3 : 4,
  };
  const actions = notice.url
    ? [{ action: "view", label: "Open the request", url: notice.url }]
    : [];
  if (notice.url) body.click = notice.url;
  if (actions.length > 0) body.actions = actions;
  return { url: url.toString(), method: "POST", headers: jsonHeaders, body: JSON.stringify(body) };
}

/** Slack's mrkdwn: &, < and > are the only characters with meaning that must be escaped. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function slack(notice: Notice, target: string): PushRequest {
  const lines = [`*${slackEscape(notice.title)}*`, ...notice.lines.map(slackEscape)];
  if (notice.url) lines.push(`<${notice.url}|Open the request>`);
  return {
    url: target,
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ text: lines.join("\n"), unfurl_links: false, unfurl_media: false }),
  };
}

/** Discord markdown: backslash-escape what could format, quote, link or mention. */
export function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|>[\]()#@<:-]/g, (character) => `\\${character}`);
}

function discord(notice: Notice, target: string): PushRequest {
  const lines = [`**${discordEscape(notice.title)}**`, ...notice.lines.map(discordEscape)];
  if (notice.url) lines.push(`Open the request: <${notice.url}>`);
  return {
    url: target,
    method: "POST",
    headers: jsonHeaders,
    // No mention of any kind can fire, whatever the text says.
    body: JSON.stringify({
      content: lines.join("\n").slice(0, 2000),
      allowed_mentions: { parse: [] },
    }),
  };
}

function json(notice: Notice, target: string): PushRequest {
  return {
    url: target,
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({
      event: notice.kind,
      title: notice.title,
      text: notice.lines.join("\n"),
      url: notice.url,
      leads: notice.leads,
    }),
  };
}

export function pushRequest(notice: Notice, target: PushTarget): PushRequest {
  switch (target.format) {
    case "ntfy":
      return ntfy(notice, target.url);
    case "slack":
      return slack(notice, target.url);
    case "discord":
      return discord(notice, target.url);
    case "json":
      return json(notice, target.url);
  }
}

/**
 * A webhook's URL is its secret (Slack, Discord: whoever has it may post), and runtimes name the
 * URL in their errors (Deno: "error sending request for url (https://hooks…)"). What the notifier
 * logs and stores (owner_notices.last_error) names the host only.
 */
function withoutUrl(message: string, url: string): string {
  const { host, origin } = new URL(url);
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return message.replace(new RegExp(`${escaped}\\S*`, "gi"), host);
}

/** Sends it; throws unless the receiver answered 2xx (the outbox retries then). */
export async function sendPush(
  request: PushRequest,
  { timeoutMs = 10_000, fetcher = fetch }: { timeoutMs?: number; fetcher?: typeof fetch } = {},
): Promise<string> {
  const host = new URL(request.url).host;
  let response: Response;
  try {
    response = await fetcher(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = [error, cause]
      .filter((part) => part !== undefined)
      .map((part) => (part instanceof Error ? part.message || part.name : String(part)))
      .join(": ");
    throw new Error(`push to ${host} failed: ${withoutUrl(detail, request.url)}`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`push refused: HTTP ${response.status}`);
  return `push:${host}`;
}
