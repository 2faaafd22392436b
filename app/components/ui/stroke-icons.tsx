/**
 * The few line icons the quote form's island draws (lucide's shapes, ISC licence), as plain SVG:
 * lucide-react's icon factory and its attribute handling were 1.6 KB of brotli in the island for
 * four icons (decision 0017). Decorative only: each is aria-hidden.
 */
type IconProps = { className?: string };

function StrokeIcon({ className, paths }: IconProps & { paths: string[] }) {
  return (
    <svg
      aria-hidden="true"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const ChevronDownIcon = (props: IconProps) => (
  <StrokeIcon {...props} paths={["m6 9 6 6 6-6"]} />
);

export const CloseIcon = (props: IconProps) => (
  <StrokeIcon {...props} paths={["M18 6 6 18", "m6 6 12 12"]} />
);

export const BadgePercentIcon = (props: IconProps) => (
  <StrokeIcon
    {...props}
    paths={[
      "M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z",
      "m15 9-6 6",
      "M9 9h.01",
      "M15 15h.01",
    ]}
  />
);

export const PhoneIcon = (props: IconProps) => (
  <StrokeIcon
    {...props}
    paths={[
      "M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384",
    ]}
  />
);
