import { useEffect, useId, useState } from "react";
import { controlClass } from "~/components/ui/form-field";
import { type ServiceValue, withThousandsSeparators } from "../../../shared/contact-fields";
import type { IslandFacts } from "../../../shared/content/island-facts";
import { type EstimateInputs, estimate } from "../../../shared/quote/estimate";
import { estimateParts } from "../../../shared/quote/estimate-words";
import type { Offer } from "../../../shared/quote/offers";
import {
  addOnsFor,
  estimateLimits,
  frequencies,
  frequencyLabels,
  type PriceList,
  type PropertyKind,
} from "../../../shared/quote/price-list";
import { propertyKindFor } from "../../../shared/quote/property-kind";

/** What the visitor has typed, before it is a valid set of inputs. */
type Draft = {
  kind: PropertyKind;
  bedrooms: string;
  bathrooms: string;
  homeSquareFeet: string;
  condition: "routine" | "extra";
  frequency: (typeof frequencies)[number];
  businessSquareFeet: string;
  visitsPerWeek: string;
  addOns: string[];
};

const startingDraft: Draft = {
  kind: "home",
  bedrooms: "3",
  bathrooms: "2",
  homeSquareFeet: "1800",
  condition: "routine",
  frequency: "one-time",
  businessSquareFeet: "5000",
  visitsPerWeek: "3",
  addOns: [],
};

const whole = (value: string, range: { min: number; max: number }) => {
  const number = Number(value);
  return value.trim() !== "" &&
    Number.isInteger(number) &&
    number >= range.min &&
    number <= range.max
    ? number
    : null;
};

/** The inputs the price list can price, or null while a figure is missing or out of range. */
export function inputsFromDraft(draft: Draft, list: PriceList): EstimateInputs | null {
  const addOns = draft.addOns.filter((id) =>
    addOnsFor(draft.kind, list).some((addOn) => addOn.id === id),
  );
  if (draft.kind === "business") {
    const squareFeet = whole(draft.businessSquareFeet, estimateLimits.business.squareFeet);
    const visitsPerWeek = whole(draft.visitsPerWeek, estimateLimits.business.visitsPerWeek);
    return squareFeet === null || visitsPerWeek === null
      ? null
      : { kind: "business", squareFeet, visitsPerWeek, addOns };
  }
  const bedrooms = whole(draft.bedrooms, estimateLimits.home.bedrooms);
  const squareFeet = whole(draft.homeSquareFeet, estimateLimits.home.squareFeet);
  const bathrooms = Number(draft.bathrooms);
  if (bedrooms === null || squareFeet === null) return null;
  return {
    kind: "home",
    bedrooms,
    bathrooms,
    squareFeet,
    condition: draft.condition,
    frequency: draft.frequency,
    addOns,
  };
}

const bathroomChoices = Array.from({ length: 19 }, (_, index) => String(1 + index / 2));
const visitChoices = ["1", "2", "3", "4", "5", "6", "7"];

/** What the estimator reads of the page's version: its price list and its offers. */
export type EstimatorFacts = Pick<IslandFacts, "priceList" | "offers">;

type EstimatorProps = {
  offer: Offer | null;
  facts: EstimatorFacts;
  /** The service chosen in the form: a home estimate for residential, a business one for offices. */
  service: ServiceValue | "";
  /** Called with the inputs whenever they price, and with null while they do not. */
  onChange: (inputs: EstimateInputs | null) => void;
};

/**
 * The instant price estimate: a few facts about the property give a range with its line items at
 * once. The range is announced politely to screen readers when it changes.
 */
export function Estimator({ offer, facts, service, onChange }: EstimatorProps) {
  const id = useId();
  const suggestedKind = propertyKindFor(service);
  const [draft, setDraft] = useState<Draft>(() => ({ ...startingDraft, kind: suggestedKind }));
  // Home or business follows the chosen service until the visitor picks one themselves.
  const [kindChosen, setKindChosen] = useState(false);
  if (!kindChosen && draft.kind !== suggestedKind) setDraft({ ...draft, kind: suggestedKind });
  const inputs = inputsFromDraft(draft, facts.priceList);
  const result = inputs ? estimate(inputs, offer, facts.priceList) : null;

  // The form sends these inputs (never the prices): reported whenever they change, first on mount.
  const inputsKey = JSON.stringify(inputs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: inputsKey stands for inputs
  useEffect(() => onChange(inputs), [inputsKey]);

  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const toggleAddOn = (addOnId: string, on: boolean) =>
    setDraft((current) => ({
      ...current,
      addOns: on ? [...current.addOns, addOnId] : current.addOns.filter((x) => x !== addOnId),
    }));

  const field = (name: string) => `${id}-${name}`;
  const limits = draft.kind === "home" ? estimateLimits.home : estimateLimits.business;

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <fieldset className="sm:col-span-2">
        <legend className="font-semibold text-ink">What needs cleaning?</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {(["home", "business"] as const).map((kind) => (
            <label
              key={kind}
              className="flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 px-4"
            >
              <input
                type="radio"
                name={field("kind")}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => {
                  setKindChosen(true);
                  update({ kind });
                }}
                className="size-5 accent-brand-700"
              />
              {kind === "home" ? "A home" : "A business"}
            </label>
          ))}
        </div>
      </fieldset>

      {draft.kind === "home" ? (
        <>
          <NumberField
            id={field("bedrooms")}
            label="Bedrooms"
            value={draft.bedrooms}
            range={estimateLimits.home.bedrooms}
            onChange={(bedrooms) => update({ bedrooms })}
          />
          <div>
            <label htmlFor={field("bathrooms")} className="font-semibold text-ink">
              Bathrooms
            </label>
            <select
              id={field("bathrooms")}
              value={draft.bathrooms}
              onChange={(event) => update({ bathrooms: event.target.value })}
              className={controlClass}
            >
              {bathroomChoices.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </div>
          <NumberField
            id={field("home-square-feet")}
            label="Approximate square feet"
            value={draft.homeSquareFeet}
            range={limits.squareFeet}
            onChange={(homeSquareFeet) => update({ homeSquareFeet })}
          />
          <div>
            <label htmlFor={field("frequency")} className="font-semibold text-ink">
              How often
            </label>
            <select
              id={field("frequency")}
              value={draft.frequency}
              onChange={(event) => update({ frequency: event.target.value as Draft["frequency"] })}
              className={controlClass}
            >
              {frequencies.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {frequencyLabels[frequency]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="font-semibold text-ink">Condition</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {(
                [
                  ["routine", "Routine"],
                  ["extra", "Needs extra attention"],
                ] as const
              ).map(([condition, label]) => (
                <label
                  key={condition}
                  className="flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 px-4"
                >
                  <input
                    type="radio"
                    name={field("condition")}
                    value={condition}
                    checked={draft.condition === condition}
                    onChange={() => update({ condition })}
                    className="size-5 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      ) : (
        <>
          <NumberField
            id={field("business-square-feet")}
            label="Approximate square feet"
            value={draft.businessSquareFeet}
            range={limits.squareFeet}
            onChange={(businessSquareFeet) => update({ businessSquareFeet })}
          />
          <div>
            <label htmlFor={field("visits")} className="font-semibold text-ink">
              Visits per week
            </label>
            <select
              id={field("visits")}
              value={draft.visitsPerWeek}
              onChange={(event) => update({ visitsPerWeek: event.target.value })}
              className={controlClass}
            >
              {visitChoices.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </div>
        </>
      )}

      <fieldset className="sm:col-span-2">
        <legend className="font-semibold text-ink">Add-ons</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {addOnsFor(draft.kind, facts.priceList).map((addOn) => (
            <label key={addOn.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={draft.addOns.includes(addOn.id)}
                onChange={(event) => toggleAddOn(addOn.id, event.target.checked)}
                className="size-5 accent-brand-700"
              />
              <span>
                {addOn.label}{" "}
                <span className="whitespace-nowrap text-slate-600">(+${addOn.price})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="rounded-2xl bg-brand-50 p-5 text-ink sm:col-span-2">
        {/* Only the prices are announced (politely) as they change, not every line item. Each
            amount stays on one line: "$205–" and "$270" apart would read as two prices. */}
        <p aria-live="polite" aria-atomic="true" className="font-semibold text-lg">
          {result ? (
            <>
              <span className="sr-only">Estimate: </span>
              {estimateParts(result, offer, facts.offers.current).map((part, index) =>
                part.amount ? (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
                    key={index}
                    data-estimate-amount
                    className="whitespace-nowrap font-extrabold text-2xl"
                  >
                    {part.text}
                  </span>
                ) : (
                  part.text
                ),
              )}
            </>
          ) : (
            <span className="font-normal text-base">
              Enter the figures above to see an estimate.
            </span>
          )}
        </p>
        {result ? (
          <>
            <ul className="mt-3 grid gap-1 text-sm" aria-label="How the estimate is made">
              {result.lineItems.map((item) => (
                <li key={item.label} className="flex justify-between gap-4">
                  <span>{item.label}</span>
                  <span data-estimate-amount className="shrink-0 whitespace-nowrap tabular-nums">
                    {item.amount < 0 ? "−" : ""}${Math.abs(item.amount)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm">
              An estimate, not a quote: we confirm the final price after a free walk-through.
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}

function NumberField({
  id,
  label,
  value,
  range,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  range: { min: number; max: number };
  onChange: (value: string) => void;
}) {
  const number = Number(value);
  const invalid =
    value.trim() === "" || !Number.isInteger(number) || number < range.min || number > range.max;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        className={controlClass}
      />
      <p
        id={hintId}
        className={invalid ? "mt-1 text-red-700 text-sm" : "mt-1 text-slate-600 text-sm"}
      >
        A whole number from {withThousandsSeparators(range.min)} to{" "}
        {withThousandsSeparators(range.max)}.
      </p>
    </div>
  );
}
