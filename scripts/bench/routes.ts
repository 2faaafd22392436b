/** The routes to measure: every page of app/content/site-map.ts plus the 404 page. */
import { registerHooks } from "node:module";

export type BenchRoute = {
  /** What the table shows. */
  label: string;
  /** The path requested. */
  path: string;
  /** The 404 page: measured through the status proxy (status-proxy.ts), served with 200. */
  notFound: boolean;
  /** A file-name-safe name for the reports. */
  slug: string;
};

/** An unknown path: the server answers it with the prerendered 404 page. */
export const notFoundPath = "/this-page-does-not-exist";
export const notFoundLabel = "404 page (served 200 for Lighthouse)";
const notFoundAliases = new Set(["404", "/404", notFoundPath]);

export function slugFor(path: string): string {
  if (path === "/") return "home";
  return path.replace(/^\/+|\/+$/g, "").replace(/[^a-zA-Z0-9._-]+/g, "_") || "home";
}

function notFoundRoute(): BenchRoute {
  return { label: notFoundLabel, path: notFoundPath, notFound: true, slug: "404" };
}

/**
 * The routes for `--routes` (comma-separated paths; "404" names the 404 page), or every site page
 * then the 404 page. Paths are kept in the order given, duplicates dropped.
 */
export function selectRoutes(sitePaths: readonly string[], requested?: string): BenchRoute[] {
  if (!requested?.trim()) {
    return [
      ...sitePaths.map((path) => ({ label: path, path, notFound: false, slug: slugFor(path) })),
      notFoundRoute(),
    ];
  }
  const seen = new Set<string>();
  const routes: BenchRoute[] = [];
  for (const raw of requested.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const route = notFoundAliases.has(entry)
      ? notFoundRoute()
      : (() => {
          const path = entry.startsWith("/") ? entry : `/${entry}`;
          return { label: path, path, notFound: false, slug: slugFor(path) };
        })();
    if (seen.has(route.path)) continue;
    seen.add(route.path);
    routes.push(route);
  }
  return routes;
}

/**
 * Requested routes that are not pages of the site (the 404 page aside): a typo would otherwise
 * measure the 404 page, or fail in Lighthouse, under the name of a page.
 */
export function unknownRoutes(
  routes: readonly BenchRoute[],
  sitePaths: readonly string[],
): string[] {
  const known = new Set(sitePaths);
  return routes
    .filter((route) => !route.notFound && !known.has(route.path))
    .map((route) => route.path);
}

let hooked = false;

/**
 * The site's page paths, read from app/content/site-map.ts. Its imports omit the `.ts` extension
 * (Vite resolves them); a resolve hook lets plain Node load it too.
 */
export async function loadSitePaths(): Promise<string[]> {
  if (!hooked) {
    hooked = true;
    registerHooks({
      resolve(specifier, context, nextResolve) {
        try {
          return nextResolve(specifier, context);
        } catch (error) {
          const relative = specifier.startsWith("./") || specifier.startsWith("../");
          if (!relative || /\.[cm]?[jt]sx?$/.test(specifier)) throw error;
          return nextResolve(`${specifier}.ts`, context);
        }
      },
    });
  }
  const url = new URL("../../app/content/site-map.ts", import.meta.url);
  const module = (await import(url.href)) as { sitePages: { path: string }[] };
  return module.sitePages.map((page) => page.path);
}
