import { cn } from "~/lib/cn";

/**
 * A decorative tick for checklists. A character, not an icon: long lists of inline SVG icons
 * were a large share of the pages' HTML.
 */
export function CheckMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-100 font-bold text-accent-700 text-sm",
        className,
      )}
    >
      ✓
    </span>
  );
}
