import { hydrateRoot } from "react-dom/client";
import { ContactForm } from "~/components/contact-form";

/**
 * The one island that needs React: the quote form keeps state, validates with the shared schema
 * and sends. It hydrates the prerendered form in place; the form's fieldset stays disabled until
 * React has bound every handler (components/contact-form.tsx).
 */
export function start(element: HTMLElement) {
  hydrateRoot(element, <ContactForm />);
}
