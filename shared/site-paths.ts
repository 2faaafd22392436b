/**
 * The site's pages as paths, for what the contact function must recognise without the build: the
 * page a visit landed on (a request's `source`, visit-source.ts) and the pages the site counts
 * (site-counts.ts), and the quote form's island sends. The towns' and service pages' paths keep
 * their one home in areas.ts and service-paths.ts (paths only, so that the service catalog's words
 * stay out of the form's island). site-paths.test.ts holds this list to app/routes.ts.
 */

import { areas } from "./areas.ts";
import { servicePaths } from "./service-paths.ts";

/** Where the contact function sends a browser after the form's plain post (not in the sitemap). */
export const thankYouPath = "/thank-you";
/** The page every unknown path is answered with (a visit may land on a dead link). */
export const notFoundPath = "/404";

export const sitePaths: readonly string[] = [
  "/",
  "/about",
  "/services",
  "/contact",
  thankYouPath,
  ...areas.map((town) => town.path),
  ...servicePaths.map((service) => service.path),
];

const known = new Set<string>([...sitePaths, notFoundPath]);

/** True for a page of the site (its path as the site links it: no trailing slash, no query). */
export function isSitePath(path: string): boolean {
  return known.has(path);
}

/** A location's path as the site names its pages: "/exton/" and "/exton" are the same page. */
export function pagePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}
