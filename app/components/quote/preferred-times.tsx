import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/form-field";
import { CloseIcon } from "~/components/ui/stroke-icons";
import type { IslandFacts } from "../../../shared/content/island-facts";
import {
  bookableDates,
  type DayWindow,
  dayWindows,
  formatDate,
  formatWindow,
  type PreferredWindow,
  windowLabels,
  windowRules,
} from "../../../shared/quote/preferred-windows";

/** What the pickers show: a day ("" until one is chosen) and a time of day. */
export type PickedWindow = { date: string; window: DayWindow };
export const nothingPicked: PickedWindow = { date: "", window: "morning" };

type PreferredTimesProps = {
  /** The page's open days and closed days. */
  facts: Pick<IslandFacts, "reach" | "closedDays">;
  value: PreferredWindow[];
  /** The pickers, held by the form: a time picked but not added still counts on Send. */
  picked: PickedWindow;
  onPick: (picked: PickedWindow) => void;
  /** True once hydrated: the days are the visitor's, not the build's, so they wait for the browser. */
  ready: boolean;
  error?: string;
  onChange: (windows: PreferredWindow[]) => void;
};

/**
 * Up to three preferred visit windows, from tomorrow to three weeks ahead, on days the business is
 * open (no Sundays, no holidays: shared/closed-days.ts). The dates are those of the visitor's day
 * of use, so they are worked out in the browser. The day starts unchosen, so that a day showing
 * in the picker is one the visitor chose: the form adds it on Send if it was not added.
 */
export function PreferredTimes({
  facts,
  value,
  picked,
  onPick,
  ready,
  error,
  onChange,
}: PreferredTimesProps) {
  const id = useId();
  const [dates, setDates] = useState<string[]>([]);
  useEffect(() => {
    if (ready) setDates(bookableDates(new Date(), facts));
  }, [ready, facts]);
  const daySelect = useRef<HTMLSelectElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Where focus goes once a time is added (the button that had it disables itself). Set by Add
  // time alone: the list emptied after a send must not pull focus from the confirmation.
  const [justAdded, setJustAdded] = useState<{ full: boolean } | null>(null);
  const full = value.length >= windowRules.maxWindows;
  const chosen = value.some((item) => item.date === picked.date && item.window === picked.window);

  useEffect(() => {
    if (!justAdded) return;
    // Room for another: the emptied day picker, to choose the next. Full: the time just added,
    // whose Remove button is the one thing left to do here.
    if (justAdded.full) list.current?.querySelector<HTMLElement>("li:last-child button")?.focus();
    else daySelect.current?.focus();
  }, [justAdded]);

  const add = () => {
    onChange([...value, { date: picked.date, window: picked.window }]);
    onPick(nothingPicked);
    setJustAdded({ full: value.length + 1 >= windowRules.maxWindows });
  };

  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold text-ink">
        {`Preferred times (optional, up to ${windowRules.maxWindows})`}
      </legend>
      <p id={`${id}-days`} className="mt-1 text-slate-600 text-sm">
        {`${facts.reach.hours.openDays}; we are closed on major holidays.`}
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-date`} className="text-sm">
            Day
          </label>
          <select
            ref={daySelect}
            id={`${id}-date`}
            name="preferredWindows"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-days ${id}-error` : `${id}-days`}
            value={picked.date}
            onChange={(event) => onPick({ ...picked, date: event.target.value })}
            className={controlClass}
          >
            {/* None before the script: an option would post an empty preferredWindows with the
                plain form, whose own time fields stand in for this picker. */}
            {ready ? <option value="">Choose a day</option> : null}
            {dates.map((option) => (
              <option key={option} value={option}>
                {formatDate(option)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-window`} className="text-sm">
            Time of day
          </label>
          <select
            id={`${id}-window`}
            value={picked.window}
            onChange={(event) => onPick({ ...picked, window: event.target.value as DayWindow })}
            className={controlClass}
          >
            {dayWindows.map((option) => (
              <option key={option} value={option}>
                {windowLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" disabled={full || chosen || !picked.date} onClick={add}>
          Add time
        </Button>
      </div>
      <ul ref={list} aria-live="polite" className="mt-3 flex flex-wrap gap-2">
        {value.map((item) => (
          <li
            key={`${item.date}-${item.window}`}
            className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-4 text-ink"
          >
            {formatWindow(item)}
            <button
              type="button"
              onClick={() => onChange(value.filter((other) => other !== item))}
              className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-100"
              aria-label={`Remove ${formatWindow(item)}`}
            >
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      {full ? (
        <p className="mt-1 text-slate-600 text-sm">That is three: remove one to choose another.</p>
      ) : null}
    </fieldset>
  );
}
