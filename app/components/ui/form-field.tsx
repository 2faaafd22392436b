import { cn } from "~/lib/cn";

/**
 * `scroll-mt-12`: a field focused after an error stops low enough that its label, above it, is
 * not under the sticky header (the page's scroll padding alone keeps only the field clear).
 */
export const controlClass =
  "mt-1.5 block scroll-mt-12 w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-ink placeholder:text-slate-500 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600";

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  className?: string;
  /** Receives the ids that describe the control, to set aria-describedby. */
  children: (describedBy: string | undefined) => React.ReactNode;
};

/** A label, a control and its error message, wired together for assistive technology. */
export function FormField({ id, label, error, required, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" *"}
          </span>
        ) : null}
      </label>
      {children(error ? errorId : undefined)}
      <p id={errorId} className={cn("mt-1 text-red-700 text-sm", !error && "hidden")}>
        {error}
      </p>
    </div>
  );
}
