import type { ServiceStep } from "~/content/service-pages";
import { cn } from "~/lib/cn";

/** A numbered process (carpet: four steps, post-construction: six). */
export function ProcessSteps({ steps }: { steps: readonly ServiceStep[] }) {
  return (
    <ol
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        steps.length % 4 === 0 ? "lg:grid-cols-4" : "lg:grid-cols-3",
      )}
    >
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 font-bold text-xl">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-relaxed">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
