import { CallLink } from "~/components/call-link";
import { ButtonLink } from "~/components/ui/button";
import { usePageFacts } from "~/content/page-facts";

type CtaBannerProps = {
  title: string;
  text: React.ReactNode;
  /** The label of the link to /contact; it varies by page. */
  linkLabel: string;
  id?: string;
};

/** The closing call to action: phone first, then the quote form. */
export function CtaBanner({ title, text, linkLabel, id = "get-started" }: CtaBannerProps) {
  const { reach } = usePageFacts();
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="bg-gradient-to-r from-brand-800 to-brand-700 text-white"
    >
      <div className="container-page flex flex-col items-start gap-6 py-14 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id={headingId} className="font-extrabold text-3xl text-white">
            {title}
          </h2>
          <div className="mt-3 text-brand-50 text-lg">{text}</div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <CallLink phone={reach.phone} size="lg" />
          <ButtonLink to="/contact" variant="outline" size="lg">
            {linkLabel}
          </ButtonLink>
          <a
            href="/contact#estimate"
            className="inline-flex min-h-12 items-center font-semibold text-white underline underline-offset-4"
          >
            Get an instant estimate
          </a>
        </div>
      </div>
    </section>
  );
}
