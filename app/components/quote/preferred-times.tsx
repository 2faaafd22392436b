import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/form-field";
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

type PreferredTimesProps = {
  value: PreferredWindow[];
  /** True once hydrated: the days are the visitor's, not the build's, so they wait for the browser. */
  ready: boolean;
  error?: string;
  onChange: (windows: PreferredWindow[]) => void;
};

/**
 * Up to three preferred visit windows, from tomorrow to three weeks ahead, on days the business is
 * open (no Sundays, no holidays: shared/closed-days.ts). The dates are those of the visitor's day
 * of use, so they are worked out in the browser.
 */
export function PreferredTimes({ value, ready, error, onChange }: PreferredTimesProps) {
  const id = useId();
  const [dates, setDates] = useState<string[]>([]);
  const [date, setDate] = useState("");
  useEffect(() => {
    if (!ready) return;
    const bookable = bookableDates(new Date());
    setDates(bookable);
    setDate((current) => current || (bookable[0] ?? ""));
  }, [ready]);
  const [window, setWindow] = useState<DayWindow>("morning");
  const full = value.length >= windowRules.maxWindows;
  const chosen = value.some((item) => item.date === date && item.window === window);

  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold text-ink">
        Preferred times (optional, up to {windowRules.maxWindows})
      </legend>
      <p id={`${id}-days`} className="mt-1 text-slate-600 text-sm">
        Monday to Saturday; we are closed on major holidays.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-date`} className="text-sm">
            Day
          </label>
          <select
            id={`${id}-date`}
            name="preferredWindows"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-days ${id}-error` : `${id}-days`}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className={controlClass}
          >
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
            value={window}
            onChange={(event) => setWindow(event.target.value as DayWindow)}
            className={controlClass}
          >
            {dayWindows.map((option) => (
              <option key={option} value={option}>
                {windowLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          disabled={full || chosen || !date}
          onClick={() => onChange([...value, { date, window }])}
        >
          Add time
        </Button>
      </div>
      <ul aria-live="polite" className="mt-3 flex flex-wrap gap-2">
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
              <X aria-hidden="true" className="size-4" />
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
