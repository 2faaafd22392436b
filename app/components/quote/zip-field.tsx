import { controlClass } from "~/components/ui/form-field";
import { zipAnswer } from "./zip-answer";

type ZipFieldProps = { id: string; value: string; onChange: (value: string) => void };

/** The form's optional ZIP code, answered at once: in the area (with the town's page) or not. */
export function ZipField({ id, value, onChange }: ZipFieldProps) {
  const answer = zipAnswer(value);
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        ZIP code <span className="font-normal text-slate-600 text-sm">(optional)</span>
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={answer.kind === "invalid" || undefined}
        aria-describedby={`${id}-answer`}
        className={controlClass}
      />
      <p
        id={`${id}-answer`}
        aria-live="polite"
        className={answer.kind === "invalid" ? "mt-1 text-red-700 text-sm" : "mt-1 text-sm"}
      >
        {answer.kind === "in-area" ? (
          <>
            {answer.text}{" "}
            <a
              href={answer.path}
              className="font-semibold text-brand-800 underline underline-offset-4"
            >
              Our {answer.town} page
            </a>
          </>
        ) : answer.kind === "none" ? null : (
          answer.text
        )}
      </p>
    </div>
  );
}
