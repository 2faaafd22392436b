import { hydrateRoot } from "react-dom/client";
import { ContactForm } from "~/components/contact-form";
import { islandFactsOf } from "../../shared/content/island-facts";
import { type PageContent, pageContentIn } from "../../shared/content/page-content";

/**
 * The one island that needs React: the quote form keeps state, checks with the schema's shared
 * rules and sends. It hydrates the prerendered form in place, with the facts worked out from the
 * groups its page carries (the same the page's render worked out from the whole document). Until
 * then that form works as plain HTML (it posts to the contact function), and whatever was typed
 * in it is taken over when React starts (components/contact-form.tsx): no field is ever disabled.
 */
export function start(element: HTMLElement) {
  // The page carries every group this island reads (page-content.ts, islandContent).
  const facts = islandFactsOf(pageContentIn(document) as PageContent);
  hydrateRoot(element, <ContactForm facts={facts} />);
}
