import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass, FormField } from "~/components/ui/form-field";
import { business } from "~/content/business";
import { useLazyToasts } from "~/hooks/use-lazy-toasts";
import { sendContactRequest } from "~/lib/contact-client";
import { loadContactSchema } from "~/lib/contact-validation";
import { arrivingOffer, forgetOffer } from "~/lib/offer-note";
import { messages, serviceOptions } from "../../shared/contact-fields";
import type { ContactInput } from "../../shared/contact-schema";
import type { EstimateInputs } from "../../shared/quote/estimate";
import type { Offer } from "../../shared/quote/offers";
import type { PreferredWindow } from "../../shared/quote/preferred-windows";
import { quoteMessages } from "../../shared/quote/quote-details";
import { EstimateDisclosure } from "./quote/estimate-disclosure";
import { OfferNotice } from "./quote/offer-notice";
import { PreferredTimes } from "./quote/preferred-times";
import { SpamTrap } from "./quote/spam-trap";
import { ZipField } from "./quote/zip-field";

type Values = Required<ContactInput>;
type QuoteField = "zip" | "estimate" | "preferredWindows";
type Errors = Partial<Record<keyof Values | QuoteField, string>>;

/** Where focus goes on a failed submit: the first field in the page's order with an error. */
const fieldOrder = [
  "name",
  "email",
  "phone",
  "service",
  "otherService",
  "message",
  "zip",
  "estimate",
  "preferredWindows",
] as const;

const empty: Values = {
  name: "",
  email: "",
  phone: "",
  service: "" as Values["service"],
  otherService: "",
  message: "",
};

/** product.md, Quote form: word for word. */
const contactToasts = {
  success: "Thank you! We'll contact you soon.",
  failure: "Failed to send message. Please try calling us directly.",
} as const;

/** The free-quote form (product.md, Quote form). */
export function ContactForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const toasts = useLazyToasts();
  // The form needs JavaScript to send; until the page is interactive it stays disabled and a
  // <noscript> note offers the phone and e-mail instead.
  const [interactive, setInteractive] = useState(false);
  // The optional quote details (docs/contact-api.md, "Quote details"); the function recomputes the
  // area, the town and the price from them, so only the visitor's choices are sent.
  const [zip, setZip] = useState("");
  const [offer, setOffer] = useState<Offer | null>(null);
  const [estimateOpen, setEstimateOpen] = useState(false);
  const [estimateInputs, setEstimateInputs] = useState<EstimateInputs | null>(null);
  const [windows, setWindows] = useState<PreferredWindow[]>([]);
  useEffect(() => {
    setInteractive(true);
    // After hydration: the prerendered form knows neither the address nor the visitor's note.
    setOffer(arrivingOffer(window.location.search));
    if (window.location.hash === "#estimate") setEstimateOpen(true);
  }, []);

  const removeOffer = () => {
    forgetOffer();
    setOffer(null);
    const url = new URL(window.location.href);
    if (url.searchParams.has("offer")) {
      url.searchParams.delete("offer");
      window.history.replaceState(window.history.state, "", url);
    }
  };
  const clearError = (field: QuoteField) => {
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const update = (field: keyof Values, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Choosing any service but Other clears and hides Specify Service.
      if (field === "service" && value !== "other") next.otherService = "";
      return next;
    });
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  // What every control shares: its field, value, error state and change handler.
  const bind = (field: keyof Values, describedBy: string | undefined) => ({
    name: field,
    required: true,
    value: values[field],
    onChange: (
      event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
    ) => update(field, event.target.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy,
    className: controlClass,
  });

  const prepare = () => {
    loadContactSchema().catch(() => {});
    toasts.prepare();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (values.service === "other" && values.otherService.trim() === "") {
      showErrors({ otherService: messages.otherService });
      return;
    }
    let validateContact: Awaited<ReturnType<typeof loadContactSchema>>["validateContact"];
    try {
      ({ validateContact } = await loadContactSchema());
    } catch (error) {
      // The page's code could not be fetched (offline, a new deploy): say so, keep the values.
      console.error("contact form code failed to load", error);
      await toasts.notify("error", contactToasts.failure);
      return;
    }
    if (estimateOpen && !estimateInputs) {
      showErrors({ estimate: quoteMessages.estimate });
      return;
    }
    const checked = validateContact({
      ...values,
      ...(zip.trim() ? { zip: zip.trim() } : {}),
      ...(estimateOpen && estimateInputs ? { estimate: estimateInputs } : {}),
      ...(offer ? { offer: offer.id } : {}),
      ...(windows.length ? { preferredWindows: windows } : {}),
      // The spam filter's signals: the hidden field people leave empty, and the time taken.
      website: form.current?.querySelector<HTMLInputElement>("[name=website]")?.value ?? "",
      elapsedMs: Math.round(performance.now()),
    });
    if (!checked.ok) {
      showErrors(checked.fields as Errors);
      return;
    }
    setSending(true);
    const result = await sendContactRequest(checked.data);
    setSending(false);
    if (result.ok) {
      setValues(empty);
      setErrors({});
      setZip("");
      setWindows([]);
      setEstimateOpen(false);
      if (offer) removeOffer();
      await toasts.notify("success", contactToasts.success);
    } else {
      console.error("send-contact-email failed", result.error);
      await toasts.notify("error", contactToasts.failure);
    }
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = fieldOrder.find((field) => field in found);
    if (first)
      requestAnimationFrame(() =>
        form.current
          ?.querySelector<HTMLElement>(
            first === "estimate" ? "#estimate [aria-invalid=true]" : `[name="${first}"]`,
          )
          ?.focus(),
      );
  }

  return (
    <>
      <form
        ref={form}
        onSubmit={onSubmit}
        onFocus={prepare}
        aria-labelledby="quote-form-heading"
        method="post"
      >
        <noscript>
          <p className="mb-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
            Our online form needs JavaScript. Please call us at {business.phone.display} or e-mail{" "}
            {business.email}, and we will get back to you within {business.responseTime}.
          </p>
        </noscript>
        <fieldset disabled={!interactive} className="grid gap-5 sm:grid-cols-2">
          {offer ? <OfferNotice offer={offer} onRemove={removeOffer} /> : null}
          <FormField id="contact-name" label="Name" required error={errors.name}>
            {(describedBy) => (
              <input
                id="contact-name"
                type="text"
                autoComplete="name"
                placeholder="Your full name"
                {...bind("name", describedBy)}
              />
            )}
          </FormField>
          <FormField id="contact-email" label="Email" required error={errors.email}>
            {(describedBy) => (
              <input
                id="contact-email"
                type="email"
                autoComplete="email"
                placeholder={business.email}
                {...bind("email", describedBy)}
              />
            )}
          </FormField>
          <FormField id="contact-phone" label="Phone" required error={errors.phone}>
            {(describedBy) => (
              <input
                id="contact-phone"
                type="tel"
                autoComplete="tel"
                placeholder="(484) 123-4567"
                {...bind("phone", describedBy)}
              />
            )}
          </FormField>
          <FormField id="contact-service" label="Service Needed" required error={errors.service}>
            {(describedBy) => (
              <select id="contact-service" {...bind("service", describedBy)}>
                <option value="" disabled>
                  Select a service
                </option>
                {serviceOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {values.service === "other" ? (
            <FormField
              id="contact-other-service"
              label="Specify Service"
              required
              error={errors.otherService}
              className="sm:col-span-2"
            >
              {(describedBy) => (
                <input
                  id="contact-other-service"
                  type="text"
                  placeholder="e.g. window washing, move-out cleaning"
                  {...bind("otherService", describedBy)}
                />
              )}
            </FormField>
          ) : null}
          <FormField
            id="contact-message"
            label="Message"
            required
            error={errors.message}
            className="sm:col-span-2"
          >
            {(describedBy) => (
              <textarea
                id="contact-message"
                rows={6}
                placeholder="Tell us about your space: type, size, how often, and any special requests."
                {...bind("message", describedBy)}
              />
            )}
          </FormField>
          <ZipField
            id="contact-zip"
            value={zip}
            error={errors.zip}
            onChange={(next) => {
              setZip(next);
              clearError("zip");
            }}
          />
          <EstimateDisclosure
            open={estimateOpen}
            onToggle={() => setEstimateOpen((open) => !open)}
            offer={offer}
            error={errors.estimate}
            onChange={(inputs) => {
              setEstimateInputs(inputs);
              if (inputs) clearError("estimate");
            }}
          />
          <PreferredTimes
            value={windows}
            ready={interactive}
            error={errors.preferredWindows}
            onChange={(next) => {
              setWindows(next);
              clearError("preferredWindows");
            }}
          />
          <SpamTrap />
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
              {sending ? "Sending..." : "Send Message"}
            </Button>
            <p className="mt-3 text-slate-600 text-sm">
              We reply within {business.responseTime}. Your details are used only to answer your
              request.
            </p>
          </div>
        </fieldset>
      </form>
      {toasts.host}
    </>
  );
}
