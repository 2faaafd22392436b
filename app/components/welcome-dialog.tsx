import { Phone as PhoneIcon, Sparkles } from "lucide-react";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { telHref } from "../../shared/business-reach";
import type { Facts } from "../../shared/content/facts";

/**
 * The first-visit offer, prerendered closed to /welcome-offer.html. The `welcome-offer` island
 * (marked on <body>) adds it to the page for visitors without the flag, opens it one second after
 * load, and remembers the visit however it closes. Rendered by itself, outside any page: it is
 * handed the facts of the version it is made from.
 */
export function WelcomeDialog({
  facts: { business, offers },
}: {
  facts: Pick<Facts, "business" | "offers">;
}) {
  const offer = business.welcomeOffer;
  const { welcomeOffer } = offers;
  return (
    <ModalDialog id="welcome-offer" labelledBy="welcome-title" describedBy="welcome-text">
      <div className="bg-gradient-to-br from-brand-700 to-brand-900 px-6 pt-8 pb-6 text-white">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 font-semibold text-sm">
          <Sparkles aria-hidden="true" className="size-4 text-sparkle" />
          Welcome offer
        </p>
        <h2 id="welcome-title" className="mt-3 font-extrabold text-3xl text-white">
          {offer.discountPercent}% Off Your First Cleaning
        </h2>
      </div>
      <div className="px-6 py-6">
        <p id="welcome-text" className="text-lg">
          Get {offer.discountPercent}% off your first professional cleaning service.{" "}
          <strong className="text-ink">{offer.terms}</strong>
        </p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <a href={telHref(business.offerPhone)} className={buttonClass({ variant: "accent" })}>
            <PhoneIcon aria-hidden="true" className="size-5" />
            Call Now
          </a>
          {/* The offer travels with the link, and as a note (islands/welcome-offer.ts). */}
          <ButtonLink
            to={`/contact?offer=${welcomeOffer.id}#quote`}
            data-offer={welcomeOffer.id}
            variant="primary"
          >
            Claim My Discount
          </ButtonLink>
        </div>
        <p className="mt-4 text-center text-slate-600 text-sm">
          Call Now dials {business.offerPhone.display}, our new-customer line.
        </p>
      </div>
    </ModalDialog>
  );
}
