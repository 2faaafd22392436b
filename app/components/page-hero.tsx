import { ArtworkImage } from "~/components/ui/artwork-image";
import type { ArtworkName } from "~/content/artwork";
import { cn } from "~/lib/cn";

type PageHeroProps = {
  /** Small line above the heading, e.g. the town or "Our Services". */
  eyebrow?: string;
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  /** A sentence under the subtitle, for a page whose hero has no illustration on phones. */
  lead?: React.ReactNode;
  artwork?: ArtworkName;
  /** False leaves the illustration out on phones, where it would push the page's purpose down. */
  artworkOnPhones?: boolean;
  /** Calls to action under the subtitle. */
  children?: React.ReactNode;
};

/** The top of every page: the one h1, a short promise and the main actions. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  lead,
  artwork,
  artworkOnPhones = true,
  children,
}: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 text-white">
      <div className="container-page grid items-center gap-8 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          {eyebrow ? (
            <p className="font-semibold text-brand-100 text-sm uppercase tracking-widest">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-2 font-extrabold text-4xl text-white leading-tight sm:text-5xl">
            {title}
          </h1>
          {subtitle ? (
            <p className="mt-4 max-w-xl text-brand-50 text-lg sm:text-xl">{subtitle}</p>
          ) : null}
          {lead ? <p className="mt-3 max-w-xl text-brand-100 text-lg">{lead}</p> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {artwork ? (
          <div
            className={cn(
              "mx-auto w-full max-w-md lg:max-w-none",
              !artworkOnPhones && "hidden sm:block",
            )}
          >
            {/* Left out on phones: then it is not the first paint's (not inlined nor fetched
                with priority, site-build/finish-html.ts), so its bytes stay out of a phone's
                first round trip; a lazy image with its size, it does not move anything. */}
            <ArtworkImage
              name={artwork}
              priority={artworkOnPhones}
              className="rounded-3xl bg-brand-50 shadow-2xl"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
