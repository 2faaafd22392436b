/**
 * The page a browser gets when its plain form post was not taken (docs/contact-api.md, "The form
 * without JavaScript"): what to fix, in the schema's words beside each field, and the visitor's
 * values in a form that posts here again, so a browser that dropped them on Back loses nothing.
 * When sending again cannot help (the key, the origin, the size), it shows what they wrote, to
 * copy, and the phone. No script, no resource from elsewhere: its CSP allows its own style only.
 */
import { telHref } from "../../../shared/business.ts";
import { serviceOptions } from "../../../shared/contact-fields.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import { ownValue } from "../../../shared/own-key.ts";
import { offerById } from "../../../shared/quote/offers.ts";
import { estimateLimits, type PriceList } from "../../../shared/quote/price-list.ts";
import { estimateInputsSchema } from "../../../shared/quote/quote-details.ts";
import {
  estimateField,
  fieldLabels,
  keyField,
  type PlainControl,
  type PlainGroup,
  plainEstimateGroups,
  plainWindowGroup,
} from "../../../shared/quote-form.ts";
import { styleHash } from "../http/private-page.ts";
import { Fragment, h, type ReactNode, renderDocument } from "../views/react.ts";
import { submissionFromForm } from "./form-post.ts";

export type FormPageInput = {
  status: number;
  /** The live version's facts: the post was checked against them, the page names the business. */
  facts: Facts;
  /** The handler's message for this status (the schema's, for invalid fields). */
  error: string;
  /** Field name → the schema's message, for a 400 about the fields. */
  fields?: Record<string, string>;
  /** What the visitor posted; absent when the body could not be read. */
  values?: URLSearchParams;
  /** Where the site is (links back to it), or null for this host's own pages. */
  siteOrigin: string | null;
  headers?: Record<string, string>;
};

const css = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#0f172a;background:#ecfeff}
body{margin:0;padding:1rem}
main{max-width:38rem;margin:0 auto;background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 4px 16px rgb(15 23 42/.08)}
h1{font-size:1.5rem;margin:.25rem 0 .5rem}h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
a{color:#155e75;font-weight:600}
.problems{border:2px solid #b91c1c;border-radius:.75rem;padding:.25rem 1rem;margin:1rem 0}
.problems h2{color:#b91c1c;margin-top:.5rem}
label,legend{display:block;font-weight:600;margin-top:1rem}
.hint{font-weight:400;color:#475569;font-size:.875rem}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
input,select,textarea{display:block;box-sizing:border-box;width:100%;margin-top:.375rem;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit;background:#fff;color:inherit}
[aria-invalid=true]{border:2px solid #b91c1c}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400;margin-top:.5rem}
.check input{width:1.25rem;height:1.25rem;margin:0}
fieldset{border:1px solid #cbd5e1;border-radius:.75rem;padding:0 1rem 1rem;margin:1.25rem 0 0}
legend{padding:0 .25rem}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{margin-top:1.5rem;min-height:3rem;padding:.75rem 1.5rem;border:0;border-radius:999px;background:#0e7490;color:#fff;font:inherit;font-weight:700;cursor:pointer}
dt{font-weight:600;margin-top:.5rem}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
`.trim();

/** What the visitor reads for each status; sending the same form again helps only for some. */
function wording(status: number, error: string) {
  if (status === 400)
    return {
      heading: "Please check your request",
      lead: "Nothing was sent yet. Fix what is marked below and press Send Message again: everything you typed is still here.",
      resend: true,
    };
  if (status === 429 || status >= 500)
    return { heading: "We could not send your request yet", lead: error, resend: true };
  if (status === 413)
    return {
      heading: "Your request is too long",
      lead: "We can take up to 16 KiB. Please shorten the message and send it again from the contact page, or call us.",
      resend: false,
    };
  return {
    heading: "We could not send your request",
    lead: "This form could not be sent from where it was opened. Please call or e-mail us; what you wrote is below, to copy.",
    resend: false,
  };
}

/** Every control of the plain estimate form, by its flat name (the price list's add-ons). */
function estimateControls(list: PriceList): Map<string, PlainControl> {
  return new Map(
    plainEstimateGroups(list)
      .flatMap((group) => group.controls)
      .map((control) => [control.name, control]),
  );
}

/**
 * The estimate's problems one by one, each under its own control's name and in plain words: the
 * schema names the estimate as a whole ("Please check the estimate's details."), which tells a
 * visitor nothing about what to change.
 */
function estimateProblems(values: URLSearchParams, list: PriceList): Record<string, string> {
  const sent = submissionFromForm(values, list).estimate;
  const parsed = estimateInputsSchema(list).safeParse(sent);
  if (parsed.success) return {};
  const kind = values.get(estimateField.kind) === "business" ? "business" : "home";
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "kind");
    const name = (estimateField as Record<string, string>)[key] ?? estimateField.kind;
    problems[name] ??= estimateWords(name, kind, list);
  }
  return problems;
}

function estimateWords(name: string, kind: "home" | "business", list: PriceList): string {
  const control = estimateControls(list).get(name);
  if (name === estimateField.kind) return "Please choose a home or a business.";
  if (name === estimateField.squareFeet) {
    const { min, max } = estimateLimits[kind].squareFeet;
    return `Please enter the square feet of the ${kind === "home" ? "home" : "business"} as a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}.`;
  }
  if (control?.kind === "number")
    return `Please enter a whole number from ${control.min} to ${control.max}.`;
  if (control?.kind === "checkboxes") return "Please choose add-ons from the list, each once.";
  return "Please choose one of the options.";
}

export async function formPage(input: FormPageInput): Promise<Response> {
  const { business } = input.facts;
  const { heading, lead, resend } = wording(input.status, input.error);
  const { estimate: _asAWhole, ...others } = input.fields ?? {};
  const fields: Record<string, string> = input.fields?.estimate
    ? {
        ...others,
        ...(input.values ? estimateProblems(input.values, input.facts.priceList) : {}),
      }
    : { ...others };
  // Nothing the visitor can point at (a value no plain control can send): the schema's words.
  if (input.fields?.estimate && Object.keys(fields).length === Object.keys(others).length)
    fields.estimate = "Please check the estimate's details: choose its values again below.";
  const problems = Object.entries(fields);
  const site = input.siteOrigin ?? "";
  const body = h(
    Fragment,
    null,
    h("p", null, h("a", { href: `${site}/` }, business.name)),
    h("h1", null, heading),
    h("p", null, lead),
    problems.length > 0
      ? h(
          "div",
          { className: "problems", role: "alert" },
          h("h2", null, "What to fix"),
          h(
            "ul",
            null,
            problems.map(([name, message]) =>
              h(
                "li",
                { key: name },
                h(
                  "a",
                  { href: `#${fieldId(name)}` },
                  `${labelOf(name, input.facts.priceList)}: ${message}`,
                ),
              ),
            ),
          ),
        )
      : null,
    input.values && resend
      ? h(ResendForm, { values: input.values, errors: fields, facts: input.facts })
      : input.values
        ? h(WhatTheyWrote, { values: input.values, list: input.facts.priceList })
        : null,
    h(
      "p",
      null,
      "Prefer to call? ",
      h("a", { href: telHref(business.phone) }, business.phone.display),
      `, ${business.hours.summary}. Or `,
      h("a", { href: `${site}/contact#quote` }, "go back to the contact page"),
      ".",
    ),
  );
  return new Response(documentOf(heading, body, business.name), {
    status: input.status,
    headers: {
      ...input.headers,
      "Content-Type": "text/html; charset=utf-8",
      // form-action also governs where the post may be redirected: the 303 to the site's page.
      "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${await styleHash(css)}'; form-action 'self'${input.siteOrigin ? ` ${input.siteOrigin}` : ""}; frame-ancestors 'none'; base-uri 'none'`,
      "Cache-Control": "no-store",
      // The browser's default, said aloud: the form below posts here again, and a browser
      // sends that post's Origin (which the function checks) only under a policy like this one.
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Not the private pages' document (private-page.ts): that one says `no-referrer`, under which a
 * browser sends this form's post again with `Origin: null`, which the function refuses.
 */
function documentOf(title: string, body: ReactNode, businessName: string): string {
  return renderDocument(
    h(
      "html",
      { lang: "en" },
      h(
        "head",
        null,
        h("meta", { charSet: "utf-8" }),
        h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
        h("meta", { name: "robots", content: "noindex, nofollow" }),
        h("title", null, `${title} | ${businessName}`),
        // Ours and fixed (its hash is in the CSP): written as it is.
        h("style", { dangerouslySetInnerHTML: { __html: css } }),
      ),
      h("body", null, h("main", null, body)),
    ),
  );
}

function labelOf(name: string, list: PriceList): string {
  const control = estimateControls(list).get(name);
  if (control) return `${control.label} (estimate)`;
  return ownValue(fieldLabels as Record<string, string>, name) ?? name;
}

/** The estimate's and the times' problems are named after their group, not a flat field. */
function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** How a control is tied to its problem message, for assistive technology. */
function wiring(id: string, error: string | undefined) {
  return error ? { id, "aria-invalid": true, "aria-describedby": `${id}-error` } : { id };
}

/** A field's problem, under its control. */
function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  return error ? h("p", { className: "error", id }, error) : null;
}

/** A label, a control and its problem, wired for assistive technology. */
function Field({
  name,
  control,
  errors,
  hint,
  list,
}: {
  name: string;
  /** The price list the post was checked against: the estimate's controls are named from it. */
  list: PriceList;
  control: (wired: ReturnType<typeof wiring>) => ReactNode;
  errors: Record<string, string>;
  hint?: string;
}) {
  const id = fieldId(name);
  const error = errors[name];
  return h(
    Fragment,
    null,
    h(
      "label",
      { htmlFor: id },
      labelOf(name, list),
      hint ? h(Fragment, null, " ", h("span", { className: "hint" }, hint)) : null,
    ),
    control(wiring(id, error)),
    h(FieldError, { id: `${id}-error`, error }),
  );
}

function ResendForm({
  values,
  errors,
  facts,
}: {
  values: URLSearchParams;
  errors: Record<string, string>;
  facts: Facts;
}) {
  const text = (name: string) => values.get(name) ?? "";
  const input = (name: string, type: string, extra: Record<string, string | boolean> = {}) =>
    h(Field, {
      list: facts.priceList,
      name,
      errors,
      control: (wired) => h("input", { ...wired, type, name, defaultValue: text(name), ...extra }),
    });
  const offer = offerById(text("offer"), facts.offers.current);
  const controls = estimateControls(facts.priceList);
  const sentEstimate =
    (values.get(estimateField.kind) ?? "") !== "" ||
    Object.keys(errors).some((name) => name === "estimate" || controls.has(name));
  const sentWindows =
    plainWindowGroup(facts.reach.hours.openDays).controls.some(
      (control) => control.kind === "date" && (values.get(control.name) ?? "") !== "",
    ) || Boolean(errors.preferredWindows);
  return h(
    "form",
    { method: "post", "aria-label": "Request a Free Quote" },
    h("input", { type: "hidden", name: keyField, value: text(keyField) }),
    offer && !errors.offer
      ? h(
          "p",
          null,
          h("input", { type: "hidden", name: "offer", value: offer.id }),
          `${offer.appliedText}. ${offer.terms}`,
        )
      : null,
    input("name", "text", { required: true, autoComplete: "name" }),
    input("email", "email", { required: true, autoComplete: "email" }),
    input("phone", "tel", { required: true, autoComplete: "tel" }),
    h(Field, {
      list: facts.priceList,
      name: "service",
      errors,
      control: (wired) =>
        h(
          "select",
          { ...wired, name: "service", required: true, defaultValue: text("service") },
          h("option", { value: "" }, "Select a service"),
          serviceOptions.map((option) =>
            h("option", { key: option.value, value: option.value }, option.label),
          ),
        ),
    }),
    h(Field, {
      list: facts.priceList,
      name: "otherService",
      errors,
      hint: "(if you chose Other)",
      control: (wired) =>
        h("input", {
          ...wired,
          type: "text",
          name: "otherService",
          defaultValue: text("otherService"),
        }),
    }),
    h(Field, {
      list: facts.priceList,
      name: "message",
      errors,
      control: (wired) =>
        h("textarea", {
          ...wired,
          name: "message",
          rows: 6,
          required: true,
          maxLength: 5000,
          defaultValue: text("message"),
        }),
    }),
    h(Field, {
      list: facts.priceList,
      name: "zip",
      errors,
      hint: "(optional)",
      control: (wired) =>
        h("input", {
          ...wired,
          type: "text",
          name: "zip",
          inputMode: "numeric",
          autoComplete: "postal-code",
          defaultValue: text("zip"),
        }),
    }),
    sentEstimate
      ? h(Groups, { name: "estimate", list: plainEstimateGroups(facts.priceList), values, errors })
      : null,
    sentWindows
      ? h(Groups, {
          name: "preferredWindows",
          list: [plainWindowGroup(facts.reach.hours.openDays)],
          values,
          errors,
        })
      : null,
    h(
      "div",
      { className: "trap", "aria-hidden": true },
      h(
        "label",
        null,
        "Website ",
        h("input", {
          type: "text",
          name: "website",
          tabIndex: -1,
          autoComplete: "off",
          defaultValue: "",
        }),
      ),
    ),
    h("button", { type: "submit" }, "Send Message"),
  );
}

/** The estimate or the preferred times as plain controls (shared/quote-form.ts), with values. */
function Groups({
  name,
  list,
  values,
  errors,
}: {
  name: "estimate" | "preferredWindows";
  list: readonly PlainGroup[];
  values: URLSearchParams;
  errors: Record<string, string>;
}) {
  const error = errors[name];
  const id = fieldId(name);
  return h(
    Fragment,
    null,
    list.map((group, index) =>
      h(
        "fieldset",
        { key: group.legend, id: index === 0 ? id : undefined },
        h("legend", null, group.legend),
        group.hint ? h("p", { className: "hint" }, group.hint) : null,
        index === 0 ? h(FieldError, { error }) : null,
        group.controls.map((control) =>
          h(PlainControlView, { key: control.name, control, values, errors }),
        ),
      ),
    ),
  );
}

function PlainControlView({
  control,
  values,
  errors,
}: {
  control: PlainControl;
  values: URLSearchParams;
  errors: Record<string, string>;
}) {
  // Each flat name but the add-ons (checkboxes in their own labels) appears once.
  const id = fieldId(control.name);
  const value = values.get(control.name) ?? "";
  const error = errors[control.name];
  const label = h(
    Fragment,
    null,
    h("label", { htmlFor: id }, control.label),
    h(FieldError, { id: `${id}-error`, error }),
  );
  const wired = wiring(id, error);
  switch (control.kind) {
    case "select":
      return h(
        Fragment,
        null,
        label,
        h(
          "select",
          { ...wired, name: control.name, defaultValue: value },
          control.options.map((option) =>
            h("option", { key: option.value, value: option.value }, option.label),
          ),
        ),
      );
    case "number":
      return h(
        Fragment,
        null,
        label,
        control.hint ? h("p", { className: "hint" }, control.hint) : null,
        h("input", {
          ...wired,
          type: "number",
          name: control.name,
          inputMode: "numeric",
          min: control.min,
          max: control.max,
          defaultValue: value,
        }),
      );
    case "date":
      return h(
        Fragment,
        null,
        label,
        h("input", { ...wired, type: "date", name: control.name, defaultValue: value }),
      );
    case "checkboxes": {
      const chosen = new Set(values.getAll(control.name));
      return h(
        Fragment,
        null,
        h("p", { className: "hint", id }, control.label),
        h(FieldError, { error }),
        control.options.map((option) =>
          h(
            "label",
            { key: option.value, className: "check" },
            h("input", {
              type: "checkbox",
              name: control.name,
              value: option.value,
              defaultChecked: chosen.has(option.value),
            }),
            option.label,
          ),
        ),
      );
    }
  }
}

/** Read-only, to copy: the six fields as they were posted. */
function WhatTheyWrote({ values, list }: { values: URLSearchParams; list: PriceList }) {
  const rows = ["name", "email", "phone", "service", "otherService", "message"].filter(
    (name) => (values.get(name) ?? "") !== "",
  );
  return rows.length > 0
    ? h(
        Fragment,
        null,
        h("h2", null, "What you wrote"),
        h(
          "dl",
          null,
          rows.map((name) =>
            h(
              Fragment,
              { key: name },
              h("dt", null, labelOf(name, list)),
              h("dd", null, values.get(name) ?? ""),
            ),
          ),
        ),
      )
    : null;
}
