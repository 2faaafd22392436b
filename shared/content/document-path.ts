/**
 * What a dotted path ("pages.towns.exton.tagline", "reviews.2.quote") leads to in a content
 * document; undefined where the path leaves it. The editor's fields and the changes' labels read
 * the document by such paths.
 */
export function valueAt(document: unknown, path: string): unknown {
  let here: unknown = document;
  for (const key of path.split(".")) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}
