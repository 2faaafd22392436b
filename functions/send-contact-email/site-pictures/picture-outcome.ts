/**
 * What the Pictures page says after a post: which slot, what was done (a photo published, the
 * illustration back, a preview cancelled), and what became of the publish, as true as this
 * server can tell when the page is shown (publish-version.ts waited for it; a reload asks again).
 */
import {
  type PictureSlot,
  pictureSlotLabels,
  pictureSlots,
} from "../../../shared/content/picture-files.ts";
import type { SiteStatus } from "../base/site-publishing.ts";

export type PictureDone = {
  what: "saved" | "cleared" | "cancelled";
  slot: PictureSlot;
  outcome: { kind: "live" | "working" | "waiting" | "failed" | "same"; reason: string | null };
  /** What the static host's build hook answered, in the owner's words. */
  host?: { ok: boolean; words: string };
};

const isSlot = (value: unknown): value is PictureSlot =>
  typeof value === "string" && (pictureSlots as readonly string[]).includes(value);

/** What the last post did, from the 303's query, checked against what this server shows now. */
export function doneFrom(
  query: URLSearchParams,
  status: SiteStatus | null,
): PictureDone | undefined {
  for (const what of ["saved", "cleared", "cancelled"] as const) {
    const slot = query.get(what);
    if (!isSlot(slot)) continue;
    const version = Number(query.get("version"));
    const hostOk = query.get("host");
    const hostFailed = query.get("hostFailed");
    return {
      what,
      slot,
      outcome: outcomeNow(query.get("done"), Number.isInteger(version) ? version : null, status),
      host: hostFailed
        ? { ok: false, words: hostFailed.slice(0, 600) }
        : hostOk
          ? { ok: true, words: hostOk.slice(0, 600) }
          : undefined,
    };
  }
  return undefined;
}

const outcomes = ["live", "working", "waiting", "failed", "same"] as const;

/**
 * The publish's outcome as it is now: a page reloaded once the pages are made says "live", not
 * "still being made".
 */
function outcomeNow(
  done: string | null,
  version: number | null,
  status: SiteStatus | null,
): PictureDone["outcome"] {
  const kind = outcomes.find((one) => one === done) ?? "waiting";
  if (kind === "same" || version === null || !status) return { kind, reason: null };
  if (status.serving !== null && status.serving >= version) return { kind: "live", reason: null };
  if (status.failed?.version === version) return { kind: "failed", reason: status.failed.reason };
  if (status.building === version) return { kind: "working", reason: null };
  return { kind: kind === "live" ? "waiting" : kind, reason: null };
}

/** A reason as a sentence of its own: ending with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The words for it: a Notice, or a Problem when it did not go live. */
export function doneWords(done: PictureDone, hadPhoto: boolean): { words: string; ok: boolean } {
  const label = pictureSlotLabels[done.slot];
  const shows = done.what === "cleared" ? "the illustration again" : "your photo";
  if (done.what === "cancelled")
    return {
      ok: true,
      words: `Nothing was published. The ${label} still shows ${hadPhoto ? "your earlier photo" : "the illustration"}.`,
    };
  switch (done.outcome.kind) {
    case "same":
      return { ok: true, words: "Nothing changed, so nothing was published." };
    case "live":
      return { ok: true, words: `Published. The site shows ${shows} on the ${label} now.` };
    case "working":
      return {
        ok: true,
        words: `Published. The site's pages are still being made with it, so visitors do not see it yet. Reload this page in a minute: it will say when the site shows it.`,
      };
    case "waiting":
      return {
        ok: true,
        words: `Published. The site does not show it yet; it will within a minute. Reload this page to check.`,
      };
    case "failed":
      return {
        ok: false,
        words: `Not live: ${sentence(done.outcome.reason ?? "the pages could not be made with it")} The site still shows what it showed before; your change is kept in the history.`,
      };
  }
}
