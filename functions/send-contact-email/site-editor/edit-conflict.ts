/**
 * Two edits of one part at once (two phones, two tabs): each form carries the version it was
 * opened on (`baseVersion`, hidden), and a Publish whose part changed since is refused with what
 * changed, the owner's typing kept and nothing published. Only the part's own fields count: a
 * change to another part in between is no reason to refuse. The refused form carries the version
 * it was refused against, so publishing it again publishes over that change, on purpose.
 */
import { contentChanges } from "../../../shared/content/content-changes.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { momentWords } from "../base/clock.ts";
import type { ContentStore } from "../store/content-store.ts";
import { Lines } from "../views/parts.ts";
import { h } from "../views/react.ts";
import { groupValues } from "./form-values.ts";
import { versionDocument } from "./live-document.ts";
import type { Group } from "./site-fields.ts";

/** The form's hidden field: the version its values were read from ("0": the site as first built). */
export const baseVersionField = "baseVersion";

export const baseVersionValue = (version: number | null) => String(version ?? 0);

/** The version a posted form was opened on: a number, null for the first site, or absent. */
export function postedBase(form: URLSearchParams): number | null | undefined {
  const raw = form.get(baseVersionField);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw) === 0 ? null : Number(raw);
}

/** The paths of the document a part's form writes. */
function pathsOf(group: Group): string[] {
  return [
    ...group.sets.flatMap((set) => set.fields.map((field) => field.path)),
    ...group.lists.map((list) => list.path),
  ];
}

const within = (path: string, fields: string[]) =>
  fields.some(
    (field) => field === path || field.startsWith(`${path}.`) || path.startsWith(`${field}.`),
  );

/** What changed in the part's own fields between two documents, in words; none: no conflict. */
export function partChangedSince(group: Group, opened: SiteContent, now: SiteContent): string[] {
  if (JSON.stringify(groupValues(group, opened)) === JSON.stringify(groupValues(group, now)))
    return [];
  const fields = pathsOf(group);
  const words = contentChanges(opened, now)
    .filter((change) => within(change.path, fields))
    .map((change) => change.words);
  return words.length > 0 ? words : [`${group.title} changed`];
}

export type EditConflict = { lines: string[]; since: string | null };

/**
 * The conflict of a posted form with the version now edited, or null: none (same version, no
 * base sent, a version that cannot be read, or only other parts changed).
 */
export async function editConflict(
  store: ContentStore,
  group: Group,
  form: URLSearchParams,
  current: { version: number | null; document: SiteContent },
  timeZone: string,
): Promise<EditConflict | null> {
  const base = postedBase(form);
  if (base === undefined || base === current.version) return null;
  const opened = await versionDocument(store, base);
  if (!opened) return null;
  const lines = partChangedSince(group, opened, current.document);
  if (lines.length === 0) return null;
  const latest = current.version === null ? null : await store.contentVersion(current.version);
  return {
    lines,
    since: latest ? momentWords(new Date(latest.publishedAt), timeZone) : null,
  };
}

/** Heads the refused form: what changed since it was opened, and what Publish does now. */
export function ConflictNotice({ conflict }: { conflict: EditConflict }) {
  return h(
    "div",
    { className: "problem", role: "alert" },
    h(
      "p",
      null,
      h(
        "strong",
        null,
        `This part was changed since you opened this form (on another phone or tab${conflict.since ? `, ${conflict.since}` : ""}). Nothing was published.`,
      ),
    ),
    h("p", null, "What changed since:"),
    h(Lines, { lines: conflict.lines }),
    h(
      "p",
      null,
      "What you typed is below. Publish again to put it over that change, or go back to your site and open the form again to start from it.",
    ),
  );
}
