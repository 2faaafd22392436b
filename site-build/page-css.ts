/**
 * The part of the site's stylesheet one page can use. Every page inlines its CSS (no request before
 * the first paint), and the whole Tailwind stylesheet is 5.8 KB of brotli, a third of the first
 * round trip: each page keeps only the rules whose class it, or a script it can run, names.
 *
 * A style rule is kept when one of its selectors is used: its first class (the utility itself;
 * later classes are conditions such as `.group` in `group-hover:`), or for a selector without a
 * class its leading element name (preflight's `abbr`, `table`, `progress`...). Selectors with
 * neither (`*`, `:root`, `::backdrop`) are always kept. Grouping
 * at-rules (@media, @supports, @layer, @container) are filtered inside and dropped when empty;
 * other at-rules (@property, @keyframes, @font-face) stay whole.
 */

import { decodeEntities } from "./html-entities.ts";

const grouping = /^@(media|supports|layer|container)\b/;

export type Usage = { className(name: string): boolean; tag(name: string): boolean };

export function pageCss(css: string, used: Usage): string {
  return withoutUnusedProperties(filterRules(css, used));
}

/**
 * Drops custom properties nothing reads any more (theme values and Tailwind's `--tw-*` defaults of
 * the dropped rules): declarations and `@property` rules whose `var(--name)` is gone. Repeats,
 * since a dropped declaration can hold the last read of another.
 */
function withoutUnusedProperties(css: string): string {
  for (;;) {
    const read = new Set([...css.matchAll(/var\(\s*--([\w-]+)/g)].map((match) => match[1]));
    const next = css
      .replace(/@property --([\w-]+)\{[^}]*\}/g, (rule, name: string) =>
        read.has(name) ? rule : "",
      )
      .replace(/(?<=[{;])--([\w-]+):[^;{}]*;?/g, (declaration, name: string) =>
        read.has(name) ? declaration : "",
      )
      .replace(/;\}/g, "}");
    if (next === css) return css;
    css = next;
  }
}

function filterRules(css: string, used: Usage): string {
  let out = "";
  let at = 0;
  while (at < css.length) {
    // A comment before a rule is not part of its prelude; licence comments (`/*!`) stay.
    const comment = /^\s*(\/\*[\s\S]*?\*\/)/.exec(css.slice(at, at + 2048));
    if (comment) {
      if (comment[1]?.startsWith("/*!")) out += `${comment[1]}\n`;
      at += comment[0].length;
      continue;
    }
    const end = scanTo(css, at, "{;");
    const prelude = css.slice(at, end).trim();
    if (end >= css.length) {
      out += css.slice(at);
      break;
    }
    if (css[end] === ";") {
      out += `${prelude};`;
      at = end + 1;
      continue;
    }
    const close = matchingBrace(css, end);
    const body = css.slice(end + 1, close);
    if (prelude.startsWith("@")) {
      if (grouping.test(prelude)) {
        const inner = filterRules(body, used);
        if (inner.trim() !== "") out += `${prelude}{${inner}}`;
      } else {
        out += `${prelude}{${body}}`;
      }
    } else if (splitSelectors(prelude).some((selector) => selectorUsed(selector, used))) {
      out += `${prelude}{${body}}`;
    }
    at = close + 1;
  }
  return out;
}

/** By its first class; a selector without one by its leading element (`abbr:where([title])`). */
function selectorUsed(selector: string, used: Usage): boolean {
  const first = /\.((?:\\.|[\w-])+)/.exec(selector)?.[1];
  if (first !== undefined) return used.className(first.replace(/\\(.)/g, "$1"));
  const tag = /^\s*([a-z][a-z0-9-]*)/i.exec(selector)?.[1];
  return tag === undefined || used.tag(tag.toLowerCase());
}

/** Top-level commas only: `:is(.a,.b)` stays one selector. */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i += 1) {
    const char = prelude[i];
    if (char === "\\") i += 1;
    else if (char === "(" || char === "[") depth += 1;
    else if (char === ")" || char === "]") depth -= 1;
    else if (char === "," && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** The index of the first of `stops` at `from` or after, outside strings, comments and escapes. */
function scanTo(css: string, from: number, stops: string): number {
  for (let i = from; i < css.length; i += 1) {
    const char = css[i] as string;
    if (char === "\\") i += 1;
    else if (char === '"' || char === "'") i = css.indexOf(char, i + 1);
    else if (char === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1;
    else if (stops.includes(char)) return i;
    if (i < 0) return css.length;
  }
  return css.length;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i = scanTo(css, i + 1, "{}")) {
    if (css[i] === "{") depth += 1;
    else if (css[i] === "}" && --depth === 0) return i;
  }
  throw new Error("Unbalanced braces in the stylesheet");
}

/** Element names in a page. */
export function tagsIn(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/<([a-z][a-z0-9-]*)/gi)].map((match) => (match[1] as string).toLowerCase()),
  );
}

/** Class names in a page's `class` attributes. */
export function classesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] as string).split(/\s+/)) if (name) names.add(decodeEntities(name));
  }
  return names;
}
