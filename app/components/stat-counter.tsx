type StatCounterProps = { target: number; suffix: string; label: string };

/**
 * One figure (10+, 500+, 100%), prerendered final; the `counters` island around the group counts
 * it up. Assistive technology reads the final value once.
 */
export function StatCounter({ target, suffix, label }: StatCounterProps) {
  return (
    <div className="text-center">
      <p className="font-extrabold text-5xl text-white tabular-nums sm:text-6xl">
        <span
          aria-hidden="true"
          data-testid="stat-value"
          data-count-to={target}
          data-suffix={suffix}
        >
          {`${target}${suffix}`}
        </span>
        <span className="sr-only">{`${target}${suffix}`}</span>
      </p>
      <p className="mt-2 font-semibold text-brand-100 text-lg">{label}</p>
    </div>
  );
}
