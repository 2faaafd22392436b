/**
 * Whom an e-mail may greet by name: only a plain name, so a name field holding a link or an
 * advert is never repeated to its recipient (docs/contact-api.md).
 */

// Letters (any script), spaces and . ' - : "Anne-Marie O'Neil", "José Núñez", "J. R. Smith".
const nameCharacters = /^\p{L}[\p{L}\p{M} .'’-]{0,59}$/u;
// A dot followed by letters ("prize.example", "x.com") or a web word: an address, not a name.
// Letters and dots alone would let "WINNER.claim-prize.example visit now" be greeted by name.
const readsAsAddress = /\.\p{L}{2}|\b(?:www|https?|com|net|org)\b/iu;

/** A plain name: letters, spaces and .'- only, up to 5 words, nothing that reads as an address. */
export function looksLikeName(name: string): boolean {
  const trimmed = name.trim();
  return (
    nameCharacters.test(trimmed) &&
    !readsAsAddress.test(trimmed) &&
    trimmed.split(/\s+/).length <= 5
  );
}

/** The first name, when the name looks like one; otherwise nothing (the greeting stays plain). */
export function greetingName(name: string): string | null {
  if (!looksLikeName(name)) return null;
  return name.trim().split(/\s+/)[0] ?? null;
}
