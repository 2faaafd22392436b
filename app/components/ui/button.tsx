import { cn } from "~/lib/cn";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70";

const variants = {
  /** The main action on light backgrounds. */
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  /** The loudest action: quotes and calls on dark or light backgrounds. */
  accent: "bg-sparkle text-ink hover:bg-yellow-300",
  /** A second action on dark backgrounds. */
  outline: "border-2 border-white/80 text-white hover:bg-white/10",
  /** A second action on light backgrounds. */
  secondary: "border-2 border-brand-700 text-brand-800 hover:bg-brand-50",
} as const;

const sizes = {
  sm: "min-h-10 px-3.5 py-2 text-[0.95rem]",
  md: "min-h-11 px-5 py-2.5 text-base",
  lg: "min-h-12 px-6 py-3 text-lg",
} as const;

export type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes };

export function buttonClass(
  { variant = "primary", size = "md" }: ButtonStyle = {},
  extra?: string,
) {
  return cn(base, variants[variant], sizes[size], extra);
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

/** A link styled as a button. Plain page loads: every page is its own prerendered document. */
export function ButtonLink({
  variant,
  size,
  className,
  to,
  ...props
}: Omit<React.ComponentProps<"a">, "href"> & ButtonStyle & { to: string }) {
  return <a href={to} className={buttonClass({ variant, size }, className)} {...props} />;
}
