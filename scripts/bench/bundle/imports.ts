/**
 * The JavaScript a prerendered page loads, read from the built files themselves: the module
 * script(s) of the HTML, then the static imports of every chunk (what the browser fetches before
 * running the page) and, separately, the dynamic imports (fetched later, on demand).
 */

/** Specifiers imported by the HTML: inline module scripts' imports and module scripts' src. */
export function htmlModuleImports(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (!/\btype\s*=\s*["']?module/i.test(attributes)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attributes)?.[1];
    if (src) found.push(src);
    const body = match[2] ?? "";
    // In the page's bootstrap script the dynamic import of the entry runs at once: it is first-load.
    found.push(...staticImports(body), ...dynamicImports(body));
  }
  return [...new Set(found)];
}

/** `<link rel="modulepreload">` hints left in the HTML (the build removes them). */
export function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/gi)].flatMap((match) => {
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(match[0])?.[1];
    return href ? [href] : [];
  });
}

const quoted = String.raw`["'\x60]([^"'\x60]+)["'\x60]`;
const staticPattern = new RegExp(
  String.raw`(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+|\*)?\s*(?:from\s*)?${quoted}`,
  "g",
);
const dynamicPattern = new RegExp(String.raw`\bimport\(\s*${quoted}\s*\)`, "g");

/** `import ... from "x"`, `import "x"` and `export ... from "x"` specifiers of a module. */
export function staticImports(code: string): string[] {
  return [...new Set([...code.matchAll(staticPattern)].map((match) => match[1] as string))];
}

/** `import("x")` specifiers with a literal string (the lazily loaded chunks). */
export function dynamicImports(code: string): string[] {
  return [...new Set([...code.matchAll(dynamicPattern)].map((match) => match[1] as string))];
}

/** A specifier resolved against the site path of the importing file ("/assets/x.js"). */
export function resolveSitePath(specifier: string, importer: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null; // another origin: not this bundle
  if (!specifier.startsWith("/") && !specifier.startsWith("./") && !specifier.startsWith("../"))
    return null; // a bare specifier cannot be loaded by a browser without an import map
  return new URL(specifier, `http://bench.invalid${importer}`).pathname;
}

export type LoadGraph = {
  /** Every chunk fetched before the page runs, in discovery order. */
  firstLoad: string[];
  /** Chunks imported dynamically by those (and their own static imports), loaded on demand. */
  lazy: string[];
  /** Specifiers that could not be read (missing files). */
  missing: string[];
};

/**
 * Follows static imports from the page's roots; then lists what dynamic imports would add.
 * `read` returns a chunk's code by site path, or null when it does not exist.
 */
export function loadGraph(
  roots: readonly string[],
  pagePath: string,
  read: (sitePath: string) => string | null,
): LoadGraph {
  const missing = new Set<string>();
  const closure = (starts: readonly string[], known: Set<string>) => {
    const order: string[] = [];
    const queue = [...starts];
    while (queue.length) {
      const file = queue.shift() as string;
      if (known.has(file)) continue;
      const code = read(file);
      if (code === null) {
        missing.add(file);
        continue;
      }
      known.add(file);
      order.push(file);
      for (const specifier of staticImports(code)) {
        const target = resolveSitePath(specifier, file);
        if (target && !known.has(target)) queue.push(target);
      }
    }
    return order;
  };
  const rootPaths = roots.flatMap((root) => resolveSitePath(root, pagePath) ?? []);
  const seen = new Set<string>();
  const firstLoad = closure(rootPaths, seen);
  const lazyRoots = firstLoad.flatMap((file) =>
    dynamicImports(read(file) ?? "").flatMap((specifier) => resolveSitePath(specifier, file) ?? []),
  );
  const lazy = closure(lazyRoots, seen);
  return { firstLoad, lazy, missing: [...missing] };
}
