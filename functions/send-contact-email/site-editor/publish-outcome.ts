/**
 * What became of a publish, and what the site shows now, in the owner's words: "Your site shows
 * it now", or "not yet on your site" and why (its pages still being made, made with it failed,
 * or a static host still to build them, or not asked). No "server", no version numbers: the
 * owner knows a change by what it changed and when. The 303 that ends every publish carries only
 * the outcome's kind and the part it changed (publishedRedirect); the home reads the rest (this
 * server's status, the host's last call) when it is shown.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { momentWords } from "../base/clock.ts";
import type { SiteStatus } from "../base/site-publishing.ts";
import { sitePageUrl } from "../links/page-urls.ts";
import type { LiveOutcome, PublishResult } from "../site/publish-version.ts";
import type { ContentVersionSummary, HostCall } from "../store/content-store.ts";

/**
 * What the home says after a publish: what became of the version on this server, nothing
 * changed, or nothing changed and the static host was asked again.
 */
export type Outcome = LiveOutcome | "same" | "retold";

const outcomes: readonly Outcome[] = ["live", "working", "waiting", "failed", "same", "retold"];
export const isOutcome = (value: string | null): value is Outcome =>
  outcomes.includes(value as Outcome);

export const when = (at: string) => momentWords(new Date(at), businessTimeZone);

export type Words = { problem: boolean; lines: string[] };

/** What the home needs to say what became of a publish. */
export type OutcomeView = {
  kind: Outcome;
  version: number | null;
  status: SiteStatus;
  /** The static host's last call for the version (for "same": the live one). */
  hostCall: HostCall | null;
  /** DEPLOY_HOOK_URL is set: a static host builds the pages the visitors see. */
  staticHost: boolean;
};

const hostAsked = (call: HostCall) =>
  `your host (${call.host}) is building its pages with your change now, which usually takes a few minutes.`;

export function outcomeWords(view: OutcomeView): Words {
  const { kind, hostCall, status } = view;
  if (kind === "same")
    return { problem: false, lines: ["Nothing changed, so nothing was published."] };
  if (kind === "retold") {
    if (hostCall?.ok)
      return {
        problem: false,
        lines: [
          `Nothing changed, so nothing new was published. Your host (${hostCall.host}) was asked again to build your site's pages: your site shows your last change once that build is done, usually within a few minutes.`,
        ],
      };
    return {
      problem: true,
      lines: [
        `Nothing changed, so nothing new was published, and your host${hostCall ? ` (${hostCall.host})` : ""} still could not be asked to build your site's pages${hostCall?.reason ? `: ${hostCall.reason}` : ""}.`,
        "Your site still shows it as it was before your last change. Try again in a few minutes.",
      ],
    };
  }
  if (kind === "failed") {
    const reason = status.failed?.version === view.version ? status.failed.reason : "";
    return {
      problem: true,
      lines: [
        `Not on your site: its pages could not be made with your change.${reason ? ` ${reason}` : ""}`,
        "Your site still shows it as it was before. Your change is kept in the history below, to put back once that is fixed.",
      ],
    };
  }
  if (view.staticHost) {
    if (!hostCall)
      return {
        problem: false,
        lines: [
          "Published. Not yet on your site: your host builds its pages with your change, usually within a few minutes.",
        ],
      };
    if (hostCall.ok)
      return { problem: false, lines: [`Published. Not yet on your site: ${hostAsked(hostCall)}`] };
    return {
      problem: true,
      lines: [
        `Published, but not yet on your site: your host (${hostCall.host}) could not be asked to build its pages: ${hostCall.reason}.`,
        "Your site still shows it as it was before. Tap Publish again, with nothing changed, to ask it once more.",
      ],
    };
  }
  switch (kind) {
    case "live":
      return { problem: false, lines: ["Published. Your site shows it now."] };
    case "working":
      return {
        problem: false,
        lines: [
          "Published. Not yet on your site: its pages are still being made with your change. Reload this page in a minute.",
        ],
      };
    case "waiting":
      return {
        problem: false,
        lines: [
          "Published. Not yet on your site: it shows it within a minute. Reload this page then.",
        ],
      };
  }
}

/** What the home's "On your site now" says. */
export type SiteNowView = {
  /** The version the editor starts from (null: the site as first built). */
  current: ContentVersionSummary | null;
  status: SiteStatus;
  staticHost: boolean;
  /** The static host's last call for the current version. */
  hostCall: HostCall | null;
  /** When a version was published, if the home knows it. */
  publishedAt: (version: number) => string | null;
};

/** "Your site shows it", or why not yet; a failure to make a version live as a problem. */
export function siteNowWords(view: SiteNowView): { lines: string[]; problems: string[] } {
  const { current, status } = view;
  const version = current?.version ?? null;
  const lines: string[] = [];
  const problems: string[] = [];
  if (view.staticHost) {
    const call = view.hostCall;
    if (!current) lines.push("Your host builds your site's pages from it.");
    else if (!call)
      lines.push(
        "Your host has not been asked to build your site's pages with it. Tap Publish on any part, with nothing changed, to ask it.",
      );
    else if (call.ok)
      lines.push(
        `Your host (${call.host}) was asked to build your site's pages with it on ${when(call.calledAt)}: your site shows it once that build is done, usually within a few minutes.`,
      );
    else
      problems.push(
        `Not yet on your site: your host (${call.host}) could not be asked to build its pages (${when(call.calledAt)}): ${call.reason}. Tap Publish on any part, with nothing changed, to ask it once more.`,
      );
  } else if (status.serving === version) lines.push("Your site shows it.");
  else if (status.building !== null)
    lines.push(
      "Not yet on your site: its pages are being made with it now. Reload this page in a minute.",
    );
  else if (status.failed?.version !== version)
    lines.push("Not yet on your site: it shows it within a minute.");
  const failed = status.failed;
  if (failed && failed.version > (status.serving ?? 0)) {
    const published = view.publishedAt(failed.version);
    problems.push(
      `${published ? `Your change of ${when(published)}` : "A change"} could not be put on your site (${when(failed.at)}): ${failed.reason} Your site shows it as it was before.`,
    );
  }
  return { lines, problems };
}

/** The 303 after a publish, to the home with what happened and the part it changed. */
export function publishedRedirect(
  base: string,
  token: string,
  result: Exclude<PublishResult, { kind: "limited" }>,
  part: string | null,
): Response {
  const kind: Outcome =
    result.kind === "published" ? result.outcome : result.host ? "retold" : "same";
  const query = new URLSearchParams({ done: kind });
  if (result.kind === "published") query.set("version", String(result.version));
  if (part) query.set("part", part);
  return new Response(null, {
    status: 303,
    headers: { Location: `${sitePageUrl(base, token)}&${query}`, "Cache-Control": "no-store" },
  });
}
