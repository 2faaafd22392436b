/**
 * The facts a page is made from: its content version's facts (shared/content/facts.ts) and what
 * the pages add to them (the service cards, the towns, the service pages, the figures, the
 * reviews). The version comes to the pages through React Router's context (`pageContent`): the
 * build's prerender leaves it unset and gets the repository's (content/); the server's render of a
 * published version or of a preview (server/site-render/render-pages.ts) sets it for each request.
 * No module keeps a "current" one (decision 0028).
 */
import { createContext, useRouteLoaderData } from "react-router";
import { type Facts, factsOf } from "../../shared/content/facts";
import { repositoryContent } from "../../shared/content/repository-content";
import type { SiteContent } from "../../shared/content/site-content";
import { floorStripWaxTextsOf, servicePagesOf } from "./service-pages";
import { servicesOf } from "./services";
import { statsOf } from "./stats";
import { testimonialsOf } from "./testimonials";
import { townsOf } from "./towns";

/** The content version a request's pages are made from. */
export const pageContent = createContext<SiteContent>(repositoryContent as SiteContent);

export type PageFacts = Facts & {
  services: ReturnType<typeof servicesOf>;
  towns: ReturnType<typeof townsOf>;
  servicePages: ReturnType<typeof servicePagesOf>;
  floorStripWax: ReturnType<typeof floorStripWaxTextsOf>;
  stats: ReturnType<typeof statsOf>;
  testimonials: ReturnType<typeof testimonialsOf>;
};

/** Worked out once per document: every component of a page asks for the same one. */
const worked = new WeakMap<SiteContent, PageFacts>();

export function pageFactsOf(document: SiteContent): PageFacts {
  const known = worked.get(document);
  if (known) return known;
  const facts = factsOf(document);
  const page: PageFacts = {
    ...facts,
    services: servicesOf(document),
    towns: townsOf(document),
    servicePages: servicePagesOf(document),
    floorStripWax: floorStripWaxTextsOf(document),
    stats: statsOf(facts.business),
    testimonials: testimonialsOf(document),
  };
  worked.set(document, page);
  return page;
}

/** What the root route's loader hands every page (app/root.tsx). */
export type RootData = { content: SiteContent };

export function rootLoaderData(context: {
  get: (key: typeof pageContent) => SiteContent;
}): RootData {
  return { content: context.get(pageContent) };
}

/** The page's facts, in a component of a page (never in an island: islands get props). */
export function usePageFacts(): PageFacts {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data)
    throw new Error("the root route's data is missing: a page is made inside app/root.tsx");
  return pageFactsOf(data.content);
}

/** The page's facts, in a route's `meta` (which React renders outside the components). */
export function metaFacts(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): PageFacts {
  const data = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!data) throw new Error("the root route's data is missing from meta's matches");
  return pageFactsOf(data.content);
}
