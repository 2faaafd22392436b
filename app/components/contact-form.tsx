import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass, FormField } from "~/components/ui/form-field";
import { functionUrl, siteConfig } from "~/config";
import { useToasts } from "~/hooks/use-toasts";
import { checkRequest } from "~/lib/check-request";
import { sendContactRequest } from "~/lib/contact-client";
import { notedVisitSource } from "~/lib/noted-visit-source";
import { forgetOffer, offerClaimedEvent } from "~/lib/offer-claim";
import { arrivingOffer } from "~/lib/offer-note";
import { limits, messages, serviceLabel, serviceOptions } from "../../shared/contact-fields";
import type { ContactInput } from "../../shared/contact-schema";
import type { IslandFacts } from "../../shared/content/island-facts";
import { phoneDisplay } from "../../shared/phone";
import { estimateText } from "../../shared/quote/describe";
import { type EstimateInputs, estimate } from "../../shared/quote/estimate";
import { type Offer, offerById, storedOffer } from "../../shared/quote/offers";
import {
  formatWindow,
  type PreferredWindow,
  windowRules,
} from "../../shared/quote/preferred-windows";
import { quoteMessages } from "../../shared/quote/quote-messages";
import { fieldLabels, keyField } from "../../shared/quote-form";
import { visitSourceFrom } from "../../shared/visit-source";
import { CharactersLeft } from "./quote/characters-left";
import { EstimateDisclosure } from "./quote/estimate-disclosure";
import { OfferNotice } from "./quote/offer-notice";
import { PlainDetails } from "./quote/plain-details";
import { nothingPicked, type PickedWindow, PreferredTimes } from "./quote/preferred-times";
import { RequestSent, type SentRequest } from "./quote/request-sent";
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

/**
 * What a visitor typed before this island started: the prerendered form is a working HTML form,
 * so its fields may already hold text that React's state does not know yet.
 */
function typedValues(form: HTMLFormElement): { values: Values; zip: string } {
  const read = (name: string) => {
    const field = form.elements.namedItem(name);
    return field && "value" in field ? String(field.value) : "";
  };
  const service = read("service") as Values["service"];
  const values: Values = {
    name: read("name"),
    email: read("email"),
    phone: read("phone"),
    service,
    otherService: service === "other" ? read("otherService") : "",
    message: read("message"),
  };
  return { values, zip: read("zip") };
}

/**
 * The free-quote form (product.md, Quote form). Prerendered, it is a plain HTML form that posts
 * to the contact function (docs/contact-api.md, "The form without JavaScript"); once this island
 * starts it checks with the shared rules (shared/contact-rules.ts), sends JSON with fetch, and
 * confirms in place.
 */
export function ContactForm({ facts }: { facts: IslandFacts }) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SentRequest | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const offerNotice = useRef<HTMLDivElement>(null);
  const toasts = useToasts();
  // False in the prerendered HTML (no script runs there); true once this island has started.
  const [started, setStarted] = useState(false);
  // The optional quote details (docs/contact-api.md, "Quote details"); the function recomputes the
  // area, the town and the price from them, so only the visitor's choices are sent.
  const [zip, setZip] = useState("");
  const [offer, setOffer] = useState<Offer | null>(null);
  const [estimateOpen, setEstimateOpen] = useState(false);
  const [estimateInputs, setEstimateInputs] = useState<EstimateInputs | null>(null);
  const [windows, setWindows] = useState<PreferredWindow[]>([]);
  const [picked, setPicked] = useState<PickedWindow>(nothingPicked);

  // Before the first paint after hydration, so nothing typed is drawn over with empty state.
  useLayoutEffect(() => {
    if (form.current) {
      const typed = typedValues(form.current);
      setValues(typed.values);
      setZip(typed.zip);
    }
    setStarted(true);
    // The prerendered form does not know the address it was opened with.
    setOffer(arrivingOffer(window.location.search, facts.offers.current));
    if (window.location.hash === "#estimate") setEstimateOpen(true);
  }, [facts.offers]);

  // "Claim My Discount" in the popup on this page applies the offer here (lib/offer-claim.ts).
  const [claimed, setClaimed] = useState(0);
  const formRef = useCallback(
    (element: HTMLFormElement | null) => {
      form.current = element;
      if (!element) return;
      const claim = (event: Event) => {
        setOffer(offerById((event as CustomEvent<string>).detail, facts.offers.current) ?? null);
        setClaimed((count) => count + 1);
      };
      element.addEventListener(offerClaimedEvent, claim);
      return () => {
        element.removeEventListener(offerClaimedEvent, claim);
        form.current = null;
      };
    },
    [facts.offers],
  );
  useEffect(() => {
    if (claimed > 0) offerNotice.current?.focus();
  }, [claimed]);

  const removeOffer = () => {
    forgetOffer();
    setOffer(null);
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
    value: values[field],
    onChange: (
      event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
    ) => update(field, event.target.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy,
    className: controlClass,
  });

  // Set at once on Send, before anything is awaited: `sending` is state, which a second click
  // arriving before React renders again would still read as false, and send the request twice.
  const inFlight = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submit();
    } finally {
      inFlight.current = false;
    }
  }

  async function submit() {
    if (values.service === "other" && values.otherService.trim() === "") {
      showErrors({ otherService: messages.otherService });
      return;
    }
    if (estimateOpen && !estimateInputs) {
      showErrors({ estimate: quoteMessages.estimate });
      return;
    }
    // A day picked but not added with "Add time" is what the visitor meant: it counts, or the
    // form says why it cannot, rather than dropping it unseen.
    let chosenWindows = windows;
    const pickedAdded = windows.some(
      (item) => item.date === picked.date && item.window === picked.window,
    );
    if (picked.date && !pickedAdded) {
      if (windows.length >= windowRules.maxWindows) {
        showErrors({ preferredWindows: quoteMessages.pickedTimeNoRoom });
        return;
      }
      chosenWindows = [...windows, { date: picked.date, window: picked.window }];
      setWindows(chosenWindows);
      setPicked(nothingPicked);
    }
    // Where the visit came from, as its first page noted it; left out when not usable.
    const source = visitSourceFrom(notedVisitSource());
    const checked = checkRequest(
      {
        ...values,
        ...(zip.trim() ? { zip: zip.trim() } : {}),
        ...(estimateOpen && estimateInputs ? { estimate: estimateInputs } : {}),
        ...(offer ? { offer: offer.id } : {}),
        ...(chosenWindows.length ? { preferredWindows: chosenWindows } : {}),
        ...(source ? { source } : {}),
        // The spam filter's signals: the hidden field people leave empty, and the time taken.
        website: form.current?.querySelector<HTMLInputElement>("[name=website]")?.value ?? "",
        elapsedMs: Math.round(performance.now()),
      },
      facts,
    );
    if (!checked.ok) {
      showErrors(checked.fields as Errors);
      return;
    }
    setSending(true);
    const result = await sendContactRequest(checked.data);
    setSending(false);
    if (result.ok) {
      const { data } = checked;
      setSent({
        firstName: data.name.split(/\s+/)[0] ?? "",
        phone: phoneDisplay(data.phone),
        email: data.email,
        service:
          data.service === "other" ? data.otherService : serviceLabel(data.service).toLowerCase(),
        estimate: data.estimate
          ? estimateText(
              {
                estimate: estimate(data.estimate, offer, facts.priceList),
                offer: offer ? storedOffer(offer) : undefined,
              },
              facts,
            )
          : null,
        windows: (data.preferredWindows ?? []).map(formatWindow),
      });
      // product.md, Quote form: on success the form resets to empty; the offer is used.
      setValues(empty);
      setErrors({});
      setZip("");
      setWindows([]);
      setPicked(nothingPicked);
      setEstimateOpen(false);
      if (offer) removeOffer();
      toasts.notify("success", contactToasts.success);
      // The owner's choice (docs/owner.md, "Straight to booking"): their own page, to book.
      if (result.page) location.assign(result.page);
    } else {
      console.error("send-contact-email failed", result.error);
      toasts.notify("error", contactToasts.failure);
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
      {/* product.md, Quote form: on success the form is back at once, empty, under what happens
          next; no step stands between the visitor and a second request. */}
      {sent ? <RequestSent request={sent} reach={facts.reach} /> : null}
      <form
        ref={formRef}
        data-quote-form=""
        onSubmit={onSubmit}
        aria-labelledby="quote-form-heading"
        method="post"
        action={functionUrl}
        encType="application/x-www-form-urlencoded"
        className="grid gap-5 sm:grid-cols-2"
      >
        {/* A plain form cannot send headers: the public key travels as a field. */}
        <input type="hidden" name={keyField} value={siteConfig.publicKey} />
        {offer ? <OfferNotice ref={offerNotice} offer={offer} onRemove={removeOffer} /> : null}
        <FormField id="contact-name" label={fieldLabels.name} required error={errors.name}>
          {(describedBy) => (
            <input
              id="contact-name"
              type="text"
              autoComplete="name"
              placeholder="Your full name"
              required
              {...bind("name", describedBy)}
            />
          )}
        </FormField>
        <FormField id="contact-email" label={fieldLabels.email} required error={errors.email}>
          {(describedBy) => (
            <input
              id="contact-email"
              type="email"
              autoComplete="email"
              placeholder={facts.reach.email}
              required
              {...bind("email", describedBy)}
            />
          )}
        </FormField>
        <FormField id="contact-phone" label={fieldLabels.phone} required error={errors.phone}>
          {(describedBy) => (
            <input
              id="contact-phone"
              type="tel"
              autoComplete="tel"
              placeholder="(484) 123-4567"
              required
              {...bind("phone", describedBy)}
            />
          )}
        </FormField>
        <FormField id="contact-service" label={fieldLabels.service} required error={errors.service}>
          {(describedBy) => (
            <select id="contact-service" required {...bind("service", describedBy)}>
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
        {/* Shown by CSS while Other is chosen, so it appears without JavaScript too; required
              (and cleared when another service is chosen) once the script runs. */}
        <FormField
          id="contact-other-service"
          label={fieldLabels.otherService}
          required
          error={errors.otherService}
          className="hidden sm:col-span-2 [form:has([name=service]_[value=other]:checked)_&]:block"
        >
          {(describedBy) => (
            <input
              id="contact-other-service"
              type="text"
              placeholder="e.g. window washing, move-out cleaning"
              required={values.service === "other"}
              {...bind("otherService", describedBy)}
            />
          )}
        </FormField>
        <FormField
          id="contact-message"
          label={fieldLabels.message}
          required
          error={errors.message}
          className="sm:col-span-2"
        >
          {(describedBy) => (
            <>
              <textarea
                id="contact-message"
                rows={6}
                maxLength={limits.message}
                required
                placeholder="Tell us about your space: type, size, how often, and any special requests."
                {...bind(
                  "message",
                  [describedBy, "contact-message-limit"].filter(Boolean).join(" "),
                )}
              />
              <CharactersLeft
                id="contact-message-limit"
                length={values.message.length}
                limit={limits.message}
                counting={started}
              />
            </>
          )}
        </FormField>
        <ZipField
          id="contact-zip"
          area={facts.serviceArea}
          value={zip}
          error={errors.zip}
          onChange={(next) => {
            setZip(next);
            clearError("zip");
          }}
        />
        {/* The estimator and the time picker need a script; without one, plain controls. */}
        <div className="contents noscript:hidden">
          <EstimateDisclosure
            facts={facts}
            open={estimateOpen}
            onToggle={() => setEstimateOpen((open) => !open)}
            offer={offer}
            service={values.service}
            error={errors.estimate}
            onChange={(inputs) => {
              setEstimateInputs(inputs);
              if (inputs) clearError("estimate");
            }}
          />
          <PreferredTimes
            facts={facts}
            value={windows}
            picked={picked}
            onPick={(next) => {
              setPicked(next);
              clearError("preferredWindows");
            }}
            ready={started}
            error={errors.preferredWindows}
            onChange={(next) => {
              setWindows(next);
              clearError("preferredWindows");
            }}
          />
        </div>
        {/* React never renders a <noscript>'s content in the browser: only the prerender needs
            the plain controls, so the island's script does not carry them. */}
        <noscript>{import.meta.env.SSR ? <PlainDetails facts={facts} /> : null}</noscript>
        {/* After the plain details: a plain post reads the first `offer`, the welcome offer's box
            among them when it is ticked (quote/plain-offer.tsx); this one is the script's. */}
        <input type="hidden" name="offer" value={offer?.id ?? ""} />
        <SpamTrap />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            {sending ? "Sending..." : "Send Message"}
          </Button>
          <p className="mt-3 text-slate-600 text-sm">
            {`We reply within ${facts.reach.responseTime}. Your details are used only to answer your request.`}
          </p>
        </div>
      </form>
      {toasts.host}
    </>
  );
}
