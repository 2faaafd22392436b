/**
 * The five towns' pages as addresses: each town's slug and path. Their one home; areas.ts names
 * each town. Kept apart from the names so that what needs only the paths (site-paths.ts, and
 * through it the quote form's island) loads nothing else.
 */
export const townPaths = [
  { slug: "plymouth-meeting", path: "/plymouth-meeting" },
  // The town is King of Prussia; its path keeps the shorter slug the site launched with.
  { slug: "king-prussia", path: "/king-prussia" },
  { slug: "west-chester", path: "/west-chester" },
  { slug: "exton", path: "/exton" },
  { slug: "berwyn", path: "/berwyn" },
] as const;

export type TownSlug = (typeof townPaths)[number]["slug"];
