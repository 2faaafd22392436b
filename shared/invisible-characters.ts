/**
 * Characters that show nothing yet change what is shown around them: bidirectional overrides,
 * embeddings, isolates and marks (a name can then display reversed, or turn a subject around it)
 * and zero-width characters (hidden inside a name, or splitting a word a filter looks for).
 * A visitor's name and "other service" lose them before they reach a subject, a Reply-To name,
 * the owner's page or a push (decision 0012): the schema strips them from what is stored, the stores
 * from rows stored before, and headers lose them whatever their source.
 */
const invisible = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

export function withoutInvisibleCharacters(text: string): string {
  return text.replace(invisible, "");
}
