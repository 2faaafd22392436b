import { hydrateRoot } from "react-dom/client";
import { ContactForm } from "~/components/contact-form";

/**
 * The one island that needs React: the quote form keeps state, checks with the schema's shared
 * rules and sends. It hydrates the prerendered form in place. Until then that form works as plain HTML
 * (it posts to the contact function), and whatever was typed in it is taken over when React
 * starts (components/contact-form.tsx): no field is ever disabled.
 */
export function start(element: HTMLElement) {
  hydrateRoot(element, <ContactForm />);
}
