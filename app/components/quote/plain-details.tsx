import { controlClass } from "~/components/ui/form-field";
import type { IslandFacts } from "../../../shared/content/island-facts";
import {
  type PlainControl,
  type PlainGroup,
  plainEstimateGroups,
  plainWindowGroup,
} from "../../../shared/quote-form";
import { PlainOffer } from "./plain-offer";

/**
 * The welcome offer (the popup's, which needs a script), the estimate's inputs and the preferred
 * times as plain controls, for a browser without JavaScript (the form renders this inside <noscript>). The function maps
 * their flat names to the JSON shape; with JavaScript the estimator and the time picker take their place.
 */
export function PlainDetails({ facts }: { facts: IslandFacts }) {
  return (
    <div className="grid gap-5 sm:col-span-2">
      <PlainOffer offers={facts.offers} />
      {[...plainEstimateGroups(facts.priceList), plainWindowGroup(facts.reach.hours.openDays)].map(
        (group) => (
          <Group key={group.legend} group={group} />
        ),
      )}
    </div>
  );
}

function Group({ group }: { group: PlainGroup }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-300 p-4 sm:grid-cols-2">
      <legend className="px-1 font-semibold text-ink">{group.legend}</legend>
      {group.hint ? <p className="text-slate-600 text-sm sm:col-span-2">{group.hint}</p> : null}
      {group.controls.map((control) => (
        <Control key={`${control.name}-${control.label}`} control={control} />
      ))}
    </fieldset>
  );
}

function Control({ control }: { control: PlainControl }) {
  const id = `plain-${control.name.replace(/\W/g, "-")}`;
  if (control.kind === "checkboxes") {
    return (
      <fieldset className="sm:col-span-2">
        <legend className="font-semibold text-ink text-sm">{control.label}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {control.options.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name={control.name}
                value={option.value}
                className="size-5 accent-brand-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink text-sm">
        {control.label}
      </label>
      {control.kind === "select" ? (
        <select id={id} name={control.name} defaultValue={control.initial} className={controlClass}>
          {control.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={control.name}
          type={control.kind}
          {...(control.kind === "number"
            ? { min: control.min, max: control.max, inputMode: "numeric" as const }
            : {})}
          defaultValue={control.kind === "number" ? control.initial : undefined}
          aria-describedby={control.kind === "number" && control.hint ? `${id}-hint` : undefined}
          className={controlClass}
        />
      )}
      {control.kind === "number" && control.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-slate-600 text-sm">
          {control.hint}
        </p>
      ) : null}
    </div>
  );
}
