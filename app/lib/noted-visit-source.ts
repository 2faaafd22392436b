/**
 * What the visit's first page noted about where the visit came from (visit-source.ts, under the
 * same key), for the quote form to send; unchecked (shared/visit-source.ts's visitSourceFrom
 * checks it). Null when nothing was noted or storage is refused.
 */
export const notedSourceKey = "visit-source";

export function notedVisitSource(): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(notedSourceKey) ?? "null");
  } catch {
    return null;
  }
}
