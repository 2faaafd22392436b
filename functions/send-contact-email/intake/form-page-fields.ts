/**
 * The plain form's fields on the page that refuses a post (form-page.ts): each control with its
 * label and its problem wired for assistive technology, the estimate's problems one by one in
 * plain words, the form that sends again and, when sending again cannot help, what they wrote.
 */
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
import { Fragment, h, type ReactNode } from "../views/react.ts";
import { submissionFromForm } from "./form-post.ts";

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
export function estimateProblems(values: URLSearchParams, list: PriceList): Record<string, string> {
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

export function labelOf(name: string, list: PriceList): string {
  const control = estimateControls(list).get(name);
  if (control) return `${control.label} (estimate)`;
  return ownValue(fieldLabels as Record<string, string>, name) ?? name;
}

/** The estimate's and the times' problems are named after their group, not a flat field. */
export function fieldId(name: string): string {
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

export function ResendForm({
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
export function WhatTheyWrote({ values, list }: { values: URLSearchParams; list: PriceList }) {
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
