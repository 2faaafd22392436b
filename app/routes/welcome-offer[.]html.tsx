import { renderToStaticMarkup } from "react-dom/server";
import { WelcomeDialog } from "~/components/welcome-dialog";

/**
 * Prerendered to build/client/welcome-offer.html: the first-visit offer's markup, which the
 * `welcome-offer` island fetches for first-time visitors only. Kept out of the pages, it costs
 * returning visitors nothing and keeps every document within the first round trip.
 */
export function loader() {
  return new Response(renderToStaticMarkup(<WelcomeDialog />), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
