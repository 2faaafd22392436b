import { controlClass } from "~/components/ui/form-field";
import { cn } from "~/lib/cn";
import type { TownZips } from "../../../shared/quote/service-area";
import { zipAnswer } from "./zip-answer";

type ZipFieldProps = {
  id: string;
  value: string;
  /** The schema's message after a failed submit. */
  error?: string;
  onChange: (value: string) => void;
  /** The page's area: the towns and ZIPs it answers from. */
  area: readonly TownZips[];
};

/** The form's optional ZIP code, answered at once: in the area (with the town's page) or not. */
export function ZipField({ id, value, error, onChange, area }: ZipFieldProps) {
  const answer = zipAnswer(value, area);
  const invalid = answer.kind === "invalid" || Boolean(error);
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        ZIP code <span className="font-normal text-slate-600 text-sm">(optional)</span>
      </label>
      <input
        id={id}
        name="zip"
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-answer`}
        className={controlClass}
      />
      <p
        id={`${id}-answer`}
        aria-live="polite"
        className={cn("mt-1 text-sm", invalid ? "text-red-700" : "text-ink")}
      >
        {answer.kind === "in-area" ? (
          <>
            {answer.text}{" "}
            <a
              href={answer.path}
              className="font-semibold text-brand-800 underline underline-offset-4"
            >
              About our {answer.town} crew
            </a>
          </>
        ) : answer.kind === "none" ? (
          (error ?? null)
        ) : (
          answer.text
        )}
      </p>
    </div>
  );
}
