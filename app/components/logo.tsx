import { Fragment } from "react";
import { usePageFacts } from "~/content/page-facts";
import { cn } from "~/lib/cn";

/**
 * The keystone mark (Pennsylvania's keystone with a sparkle) and the company name. In the header
 * (tone "dark") the name shows on phones too (a visitor should see whose site this is):
 * below 440 px it stacks, "Keystone" over "Shine", so the call, Book Now and menu buttons still
 * fit beside it; below 360 px (older, smaller phones) only the mark shows, the name stays the
 * link's accessible name. The footer (tone "light") has room for it on one line.
 */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const header = tone === "dark";
  const words = usePageFacts().business.shortName.split(" ");
  return (
    <a href="/" className="inline-flex items-center gap-2 rounded-md">
      <LogoMark className="size-8 shrink-0 sm:size-9" />
      <span
        data-business-name
        className={cn(
          "leading-tight",
          header ? "sr-only text-ink min-[360px]:not-sr-only min-[360px]:block" : "text-white",
        )}
      >
        <span className="block whitespace-nowrap font-extrabold text-[0.95rem] tracking-tight sm:text-lg">
          {words.map((word, index) => (
            <Fragment key={word}>
              {index > 0 ? " " : null}
              <span className={header ? "block min-[440px]:inline" : undefined}>{word}</span>
            </Fragment>
          ))}
        </span>{" "}
        <span
          className={
            header
              ? "sr-only text-brand-700 text-xs font-semibold uppercase tracking-widest min-[440px]:not-sr-only min-[440px]:block"
              : "block text-brand-100 text-xs font-semibold uppercase tracking-widest"
          }
        >
          Cleaning
        </span>
      </span>
    </a>
  );
}

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <path
        d="M6 8h52l-9 50H15z"
        fill="#0e7490"
        stroke="#155e75"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M32 17c1.5 8 4 10.5 12 12-8 1.5-10.5 4-12 12-1.5-8-4-10.5-12-12 8-1.5 10.5-4 12-12z"
        fill="#fff"
      />
      <path
        d="M45 40c.6 3 1.5 4 4.5 4.5-3 .6-3.9 1.5-4.5 4.5-.6-3-1.5-3.9-4.5-4.5 3-.5 3.9-1.5 4.5-4.5z"
        fill="#facc15"
      />
    </svg>
  );
}
