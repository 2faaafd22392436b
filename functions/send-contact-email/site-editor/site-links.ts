/**
 * Where the editor sends the owner on the site itself: the site's public address, the page (and
 * the place on it) that shows a part's change, for "View your site" after a publish and for a
 * preview opened at the section that changed.
 */
import { valueAt } from "../../../shared/content/document-path.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { deploymentDefaults } from "../../../shared/deployment-defaults.ts";
import { sitePageUrl } from "../links/page-urls.ts";
import { pageChoices, pageGroupOf } from "./page-fields.ts";
import { type Group, groupSlugs, groups, isGroupSlug } from "./site-fields.ts";

/**
 * The site's public address (SITE_URL, as the visitors' e-mails name it). Left at the project's
 * fictional default, the site is the function's own server (`npm start` on localhost serves
 * both, and links the owner's e-mails to itself): its origin.
 */
export function publicSiteAddress(siteUrl: string, functionUrl: string): string {
  const origin = new URL(siteUrl).origin;
  if (origin !== new URL(deploymentDefaults.siteUrl).origin) return origin;
  try {
    return new URL(functionUrl).origin;
  } catch {
    return origin;
  }
}

/**
 * The place on a page that shows a part (ids of the site's own sections): the footer's Contact
 * (phone, e-mail and hours, on every page), the reviews, the quote form. None: the page's top.
 */
const sections: Record<string, string> = {
  contact: "footer-contact",
  hours: "footer-contact",
  prices: "quote",
  reviews: "testimonials",
};

/** The part's form (a group's slug, or `pages/<page>`), or null. */
export function partGroup(slug: string): Group | null {
  if (slug.startsWith("pages/")) return pageGroupOf(slug.slice("pages/".length));
  return isGroupSlug(slug) ? groups[slug] : null;
}

/** "#testimonials", or "" where the page's top shows the part. */
export function sectionOf(slug: string): string {
  const id = sections[slug];
  return id ? `#${id}` : "";
}

/** The preview's address, opened at the part's section (a fragment on the form's action). */
export function previewAction(base: string, token: string, slug: string): string {
  return `${sitePageUrl(base, token, `${slug}/preview`)}${sectionOf(slug)}`;
}

/** The page of the site that shows a part's change, at its section: "/#testimonials". */
export function pageOfPart(slug: string | null): string {
  if (slug === "pictures") return "/";
  const group = slug ? partGroup(slug) : null;
  if (!group || !slug) return "/";
  return `${group.pages[0]?.value ?? "/"}${sectionOf(slug)}`;
}

/** Every part's form, each page's too, with the paths of the document its fields write. */
const partPaths: ReadonlyArray<{ slug: string; paths: string[] }> = [
  ...groupSlugs.map((slug) => groups[slug]),
  ...pageChoices.map((choice) => pageGroupOf(choice.slug) as Group),
].map((group) => ({
  slug: group.slug,
  paths: [
    ...group.sets.flatMap((set) => set.fields.map((field) => field.path)),
    ...group.lists.map((list) => list.path),
  ],
}));

/** The first part whose fields differ between two documents (what a restore or an undo changed). */
export function partOfChange(before: SiteContent, after: SiteContent): string | null {
  const differs = (path: string) =>
    JSON.stringify(valueAt(before, path)) !== JSON.stringify(valueAt(after, path));
  const part = partPaths.find((one) => one.paths.some(differs));
  if (part) return part.slug;
  return JSON.stringify(before.pictures) !== JSON.stringify(after.pictures) ? "pictures" : null;
}
