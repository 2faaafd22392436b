import type { Page } from "@playwright/test";

/**
 * The quote form's controls as a person finds them: by role and label (product.md, Quote form).
 * The form is found by its name, so the same locators serve the site's page and the contact
 * function's page that shows a form post back to the visitor.
 */
export function quoteForm(page: Page) {
  const form = page.getByRole("form", { name: "Request a Free Quote" });
  return {
    form,
    name: form.getByRole("textbox", { name: "Name", exact: true }),
    email: form.getByRole("textbox", { name: "Email", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone", exact: true }),
    service: form.getByRole("combobox", { name: "Service Needed" }),
    otherService: form.getByRole("textbox", { name: "Specify Service" }),
    message: form.getByRole("textbox", { name: "Message", exact: true }),
    send: form.getByRole("button", { name: /^(Send Message|Sending\.\.\.)$/ }),
  };
}

/** Names that differ in each test and each run, so no request is taken for another's repeat. */
export function uniqueMessage(what: string, project: string): string {
  return `${what} ${project} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
}
