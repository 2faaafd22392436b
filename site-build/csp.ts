/**
 * A Content-Security-Policy per page that allows exactly that page's own scripts and styles,
 * computed by the build (ship-site.ts) and sent by whichever server serves the pages.
 *
 * A page's inline <script> (the island loader's import, finish-html.ts) is allowed by the SHA-256
 * of its exact text, never by 'unsafe-inline'. Inline <style> elements and style="" attributes, if
 * a page has any, are allowed the same way. Styles that a bundled library inserts at run time
 * (none today; sonner's toast stylesheet until decision 0017) are hashed from the installed
 * package, and only when the scripts the page can run really contain that text.
 */
import { createHash } from "node:crypto";
import { decodeEntities } from "./html-entities.ts";

export type InlineSources = { scripts: string[]; styles: string[]; styleAttributes: string[] };

export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const executableTypes = new Set(["", "module", "text/javascript", "application/javascript"]);

/** The texts of a page's inline scripts (executable ones only), styles and style attributes. */
export function findInlineSources(html: string): InlineSources {
  const scripts: string[] = [];
  const styles: string[] = [];
  const styleAttributes: string[] = [];
  const withoutScripts = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
    (_match, attributes: string, body: string) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
      if (!/\bsrc\s*=/i.test(attributes) && executableTypes.has(type)) scripts.push(body);
      return "";
    },
  );
  const withoutStyles = withoutScripts.replace(
    /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi,
    (_match, body: string) => {
      styles.push(body);
      return "";
    },
  );
  for (const tag of withoutStyles.matchAll(/<[a-z][^>]*>/gi)) {
    for (const attribute of tag[0].matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      styleAttributes.push(decodeEntities(attribute[1] ?? attribute[2] ?? ""));
    }
  }
  return { scripts, styles, styleAttributes };
}

export type PolicyOptions = {
  /**
   * The contact function's origin when it is not the site's (a Supabase project): the quote form
   * reaches it with fetch() and, before or without JavaScript, with a plain form post.
   */
  functionOrigins?: string[];
  /** Hashes of styles inserted at run time (see runtimeStyleHashes). */
  runtimeStyleHashes?: string[];
};

const unique = (items: string[]) => [...new Set(items)];

export function contentSecurityPolicy(sources: InlineSources, options: PolicyOptions = {}): string {
  const scriptHashes = unique(sources.scripts.map(sha256Source));
  const styleHashes = unique([
    ...sources.styles.map(sha256Source),
    ...(options.runtimeStyleHashes ?? []),
  ]);
  const attributeHashes = unique(sources.styleAttributes.map(sha256Source));
  const styleSources = [
    "'self'",
    ...styleHashes,
    ...(attributeHashes.length > 0 ? ["'unsafe-hashes'", ...attributeHashes] : []),
  ];
  // Fonts and the web manifest fall back to default-src; every byte of this header counts towards
  // the first round trip of each page (tests/e2e/page-weight.spec.ts).
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(" ")}`,
    `style-src ${styleSources.join(" ")}`,
    "img-src 'self' data:",
    `connect-src ${["'self'", ...(options.functionOrigins ?? [])].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...(options.functionOrigins ?? [])].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A library that inserts a <style> at run time: its stylesheet, read from the installed package. */
export type RuntimeStylePackage = { name: string; stylesheet(): string | null };

/**
 * Stylesheets that libraries insert as <style> at run time. None today: the form's toasts are the
 * site's own markup, styled by the page's classes (decision 0017). A package's entry reads its
 * stylesheet, e.g. from `readFileSync(fileURLToPath(import.meta.resolve(name)))`.
 */
const runtimeStylePackages: RuntimeStylePackage[] = [];

/**
 * Hashes for the run-time styles of libraries that the built scripts contain. A library counts as
 * contained when one of the built files holds its stylesheet's text verbatim.
 */
export function runtimeStyleHashes(
  builtScripts: string[],
  packages: RuntimeStylePackage[] = runtimeStylePackages,
): string[] {
  const hashes: string[] = [];
  for (const runtime of packages) {
    let css: string | null = null;
    try {
      css = runtime.stylesheet();
    } catch {
      css = null;
    }
    if (css && !css.includes("\\") && builtScripts.some((script) => script.includes(css))) {
      // A library may append an empty <style> first and fill it after (sonner did), so the
      // browser checks both.
      hashes.push(sha256Source(css), sha256Source(""));
    }
  }
  return hashes;
}
