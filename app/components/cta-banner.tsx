import { CallLink } from "~/components/call-link";
import { ButtonLink } from "~/components/ui/button";

type CtaBannerProps = {
  title: string;
  text: React.ReactNode;
  /** The label of the link to /contact; it varies by page. */
  linkLabel: string;
  id?: string;
};

/** The closing call to action: phone first, then the quote form. */
export function CtaBanner({ title, text, linkLabel, id = "get-started" }: CtaBannerProps) {
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
          <CallLink size="lg" />
          <ButtonLink to="/contact" variant="outline" size="lg">
            {linkLabel}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
