/**
 * The content source of a test that runs a piece of the function alone: the repository's version
 * live (or the facts given), no published version to read.
 */

import {
  type ContentSource,
  createContentSource,
} from "../../functions/send-contact-email/base/content-source.ts";
import { type Facts, repositoryFacts } from "../../shared/content/facts.ts";

export function fixedContent(
  facts: Facts = repositoryFacts(),
  version: number | null = null,
): ContentSource {
  const live = { version, facts };
  return createContentSource({ live: () => live, versions: () => null });
}
