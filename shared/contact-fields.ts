/**
 * The quote request's fields as plain data: the service choices, the limits and the messages
 * people read (product.md, Quote form; contact-api.md, Request). No validation library here, so the
 * contact page can render its form without loading one; contact-schema.ts builds on this.
 *
 * Services, one kind of fact per file:
 * - shared/service-paths.ts: which service pages exist (slug, path, service);
 * - shared/service-catalog.ts: each page's name and one-line summary;
 * - app/content/service-pages.ts: the service pages' texts (the owner's: content/pages.json);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form.
 */
export const serviceOptions = [
  // Not in the seed: homeowners are most of the site's visitors (contact-api.md, "Services").
  { value: "residential", label: "Residential Cleaning" },
  { value: "janitorial", label: "Janitorial Cleaning" },
  { value: "commercial", label: "Commercial Cleaning" },
  { value: "office", label: "Office Cleaning" },
  { value: "post-construction", label: "Post-Construction Cleaning" },
  { value: "carpet", label: "Carpet Cleaning" },
  { value: "floor-wax", label: "Floor Strip & Wax" },
  { value: "other", label: "Other" },
] as const;

export type ServiceValue = (typeof serviceOptions)[number]["value"];

export const limits = {
  name: 100,
  email: 254,
  phoneMin: 7,
  phoneMax: 32,
  otherService: 100,
  message: 5000,
} as const;

/**
 * 5000 → "5,000". Not toLocaleString: its first call loads the browser's number formatting data,
 * about 40 ms on a mid-range phone, and this module is evaluated while the contact page starts.
 */
export function withThousandsSeparators(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export const messages = {
  name: "Please enter your name.",
  nameTooLong: `Please keep your name under ${limits.name} characters.`,
  email: "Please enter a valid email address.",
  phone: "Please enter a phone number we can call, for example (484) 123-4567.",
  service: "Please choose the service you need.",
  /** product.md, Quote form: word for word. */
  otherService: "Please specify the service you need",
  otherServiceTooLong: `Please describe the service in under ${limits.otherService} characters.`,
  message: "Please tell us a little about the job.",
  messageTooLong: `Please keep your message under ${withThousandsSeparators(limits.message)} characters.`,
  controlCharacters: "Please remove unusual characters from this field.",
} as const;

export function serviceLabel(value: ServiceValue): string {
  return serviceOptions.find((option) => option.value === value)?.label ?? value;
}

/**
 * A request's service as the business reads it: its label, or for "Other" what the visitor typed
 * after it ("Other: Window washing"). Words for the visitor use serviceLabel alone: the form could
 * be filled in with a stranger's address, so what was typed is never sent back.
 */
export function serviceDescription(request: { service: ServiceValue; otherService: string }) {
  return request.service === "other" && request.otherService
    ? `Other: ${request.otherService}`
    : serviceLabel(request.service);
}
