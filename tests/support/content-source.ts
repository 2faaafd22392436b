/**
 * The content source of a test that runs a piece of the function alone: the repository's version
 * live (or the facts given), no published version to read.
 */

import {
  type ContentSource,
  createContentSource,
} from "../../functions/send-contact-email/base/content-source.ts";
import type { ContactFunction } from "../../functions/send-contact-email/contact-function.ts";
import { type Facts, repositoryFacts } from "../../shared/content/facts.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";

export function fixedContent(
  facts: Facts = repositoryFacts(),
  version: number | null = null,
): ContentSource {
  const live = { version, facts };
  return createContentSource({ live: () => live, versions: () => null });
}

/**
 * Publishes `document` into the function's store as the editor does and has the function take it
 * up at once (its follower's check): the version's number.
 */
export async function publishAndFollow(
  fn: ContactFunction,
  document: SiteContent,
): Promise<number> {
  const store = fn.store;
  if (!store) throw new Error("the function's store is not open");
  const { version } = await store.publishContent({ document, changes: [] });
  await fn.publishing.checkNow();
  return version;
}
