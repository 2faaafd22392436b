/**
 * Character references as they appear in the HTML React writes and in our own pages: numeric ones
 * (`&#39;`, `&#x27;`) and the few named ones React and the page text use. One decoder for the build
 * (class names, style attributes) and for the tests that read pages as text.
 */
const named: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] !== "#") return named[code] ?? whole;
    const point =
      code[1] === "x" || code[1] === "X"
        ? Number.parseInt(code.slice(2), 16)
        : Number(code.slice(1));
    return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}
