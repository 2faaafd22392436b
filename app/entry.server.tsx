import { prerender } from "react-dom/static";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

/**
 * The key a renderer sets the page's content version under (app/content/page-facts.ts): exported
 * here because the server build is the one copy of it that the build's routes read
 * (server/site-render/render-pages.ts takes it from `build.entry.module`).
 */
export { pageContent } from "./content/page-facts";

/**
 * Renders a page at build time (the site is prerendered, never rendered on request). React's
 * static prerender waits for everything and writes finished HTML, without the streaming scripts
 * a request-time render adds to move late content into place: no page needs a script to show
 * its content.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />);
  headers.set("Content-Type", "text/html");
  return new Response(prelude, { status, headers });
}
