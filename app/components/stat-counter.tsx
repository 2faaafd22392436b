import { useCountUp } from "~/hooks/use-count-up";

type StatCounterProps = { target: number; suffix: string; label: string };

/** One animated figure (10+, 500+, 100%); assistive technology reads the final value once. */
export function StatCounter({ target, suffix, label }: StatCounterProps) {
  const { ref, value } = useCountUp<HTMLParagraphElement>(target);
  return (
    <div className="text-center">
      <p ref={ref} className="font-extrabold text-5xl text-white tabular-nums sm:text-6xl">
        <span aria-hidden="true" data-testid="stat-value">
          {value}
          {suffix}
        </span>
        <span className="sr-only">
          {target}
          {suffix}
        </span>
      </p>
      <p className="mt-2 font-semibold text-brand-100 text-lg">{label}</p>
    </div>
  );
}
