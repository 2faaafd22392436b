/**
 * Counting, only on pages built with SITE_COUNTS=on (docs/counting.md): each tap on
 * a phone link (`call`) and the first time the quote form is typed in (`form-start`), each a small
 * form post with navigator.sendBeacon to the contact function's count route
 * (shared/site-counts.ts), sent at the moment of the action, never at load. The page's `view` is
 * counted by `npm start` as it serves the page; only a page whose host cannot count
 * (`data-count-view`: the function is on another origin, a static host) sends it at load. It also
 * notes where the visit came from on its first page (lib/visit-source.ts). `data-endpoint` is the
 * route's URL, `data-page` the path the page was built for ("/404" for any unknown path).
 */
import { noteVisitSource } from "~/lib/visit-source";
import type { CountEvent } from "../../shared/site-counts";

export function start(element: HTMLElement) {
  const endpoint = element.dataset.endpoint;
  const page = element.dataset.page ?? "/";
  const count = (event: CountEvent) => {
    if (endpoint) navigator.sendBeacon?.(endpoint, new URLSearchParams({ e: event, p: page }));
  };
  noteVisitSource();
  if (element.dataset.countView !== undefined) count("view");
  // Capture: a link that navigates away still reports its tap; the popup's Call Now included.
  document.addEventListener(
    "click",
    (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) count("call");
    },
    true,
  );
  const started = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("[data-quote-form]")) {
      document.removeEventListener("input", started, true);
      count("form-start");
    }
  };
  document.addEventListener("input", started, true);
}
