import type { LucideIcon } from "lucide-react";

type FeatureCardProps = {
  icon?: LucideIcon;
  title: string;
  children: React.ReactNode;
  /** The heading level that keeps the page's outline in order. */
  headingLevel?: "h3" | "h4";
};

export function FeatureCard({
  icon: Icon,
  title,
  children,
  headingLevel: Heading = "h3",
}: FeatureCardProps) {
  return (
    <div className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {Icon ? (
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <Heading className="mt-4 font-bold text-ink text-xl">{title}</Heading>
      <div className="mt-2 leading-relaxed">{children}</div>
    </div>
  );
}
