import { renderToStaticMarkup } from "react-dom/server";
import { WelcomeDialog } from "~/components/welcome-dialog";
import { pageContent, pageFactsOf } from "~/content/page-facts";
import type { Route } from "./+types/welcome-offer[.]html";

/**
 * Prerendered to build/client/welcome-offer.html: the first-visit offer's markup, which the
 * `welcome-offer` island fetches for first-time visitors only. Kept out of the pages, it costs
 * returning visitors nothing and keeps every document within the first round trip. Made from the
 * same content version as the pages (app/content/page-facts.ts).
 */
export function loader({ context }: Pick<Route.LoaderArgs, "context">) {
  const facts = pageFactsOf(context.get(pageContent));
  return new Response(renderToStaticMarkup(<WelcomeDialog facts={facts} />), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
