/**
 * The content versions the function speaks from (decision 0028): the live one, whose facts check
 * and price a new request, and the one a stored request was decided with (its `contentVersion`
 * stamp), whose price list and offers describe it in every e-mail and page about it afterwards,
 * whatever was published since. Versions are never changed once published, so one read for each
 * is enough: the last few asked for are kept here, by the function that made this source.
 */
import { type Facts, factsOf, repositoryFacts } from "../../../shared/content/facts.ts";
import { checkSiteContent } from "../../../shared/content/site-content.ts";

export type LiveFacts = {
  /** The published version live here; null: the repository's (nothing published yet). */
  version: number | null;
  facts: Facts;
};

export type ContentSource = {
  live(): LiveFacts;
  /**
   * The facts of the version a request's stamp names: null, the repository's; a number, that
   * published version's; absent (a request stored before the stamp, or without quote details),
   * the live one's, as such requests were always described. A version the store no longer has, or
   * whose document fails the schema, is described with the live one's.
   */
  of(stamp: number | null | undefined): Promise<Facts>;
  /**
   * For a list of requests (the inbox, a digest): each version read once, then looked up at once
   * for each request.
   */
  ofEach(
    requests: Iterable<{ contentVersion?: number | null }>,
  ): Promise<(request: { contentVersion?: number | null }) => Facts>;
};

/** What the source reads of a store: one published version. */
export type StoredVersions = {
  contentVersion(version: number): Promise<{ document: unknown } | null>;
};

/** How many published versions besides the live one are kept worked out. */
const keptVersions = 8;

export function createContentSource(options: {
  live: () => LiveFacts;
  /** The open store, or null while it is not (then a stamp reads as the live version). */
  versions: () => StoredVersions | null;
}): ContentSource {
  const kept = new Map<number, Facts>();
  let repository: Facts | undefined;

  async function published(version: number): Promise<Facts | null> {
    const known = kept.get(version);
    if (known) {
      // Most recently used last: the first one is the one to drop.
      kept.delete(version);
      kept.set(version, known);
      return known;
    }
    const stored = await options.versions()?.contentVersion(version);
    const checked = stored ? checkSiteContent(stored.document) : null;
    if (!checked?.ok) return null;
    const facts = factsOf(checked.content);
    kept.set(version, facts);
    if (kept.size > keptVersions) kept.delete(kept.keys().next().value as number);
    return facts;
  }

  async function of(stamp: number | null | undefined): Promise<Facts> {
    const live = options.live();
    if (stamp === undefined || stamp === live.version) return live.facts;
    if (stamp === null) {
      repository ??= repositoryFacts();
      return repository;
    }
    return (await published(stamp)) ?? live.facts;
  }

  return {
    live: options.live,
    of,
    async ofEach(requests) {
      const stamps = new Set([...requests].map((request) => request.contentVersion));
      const byStamp = new Map<number | null | undefined, Facts>();
      for (const stamp of stamps) byStamp.set(stamp, await of(stamp));
      const live = options.live().facts;
      return (request) => byStamp.get(request.contentVersion) ?? live;
    },
  };
}
