/**
 * For tests: a component of a page rendered as the page renders it, under the root route's data
 * (what usePageFacts reads) made from the given content document, at `path`.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { SiteContent } from "../../shared/content/site-content";
import type { RootData } from "./page-facts";

export function renderWithContent(
  document: SiteContent,
  element: React.ReactElement,
  path = "/",
): string {
  const data: RootData = { content: document };
  const router = createMemoryRouter([{ id: "root", path: "*", loader: () => data, element }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: data } },
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** What a route's `meta` is handed for the root route (metaFacts reads it). */
export function rootMatch(document: SiteContent): { id: "root"; loaderData: RootData } {
  return { id: "root", loaderData: { content: document } };
}
