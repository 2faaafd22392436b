import { cn } from "~/lib/cn";

type SectionProps = {
  /** Used for the heading's id, so the section is a named region. */
  id: string;
  title: React.ReactNode;
  eyebrow?: string;
  intro?: React.ReactNode;
  tone?: "white" | "tint";
  className?: string;
  children?: React.ReactNode;
};

/** A page section with its h2; every section on the site is named by its heading. */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  tone = "white",
  className,
  children,
}: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(tone === "tint" ? "bg-brand-50/60" : "bg-white", "py-14 sm:py-20", className)}
    >
      <div className="container-page">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">
              {eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="mt-1 font-extrabold text-3xl sm:text-4xl">
            {title}
          </h2>
          {intro ? <div className="mt-4 text-lg leading-relaxed">{intro}</div> : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
