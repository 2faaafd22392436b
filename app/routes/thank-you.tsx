import { CallLink } from "~/components/call-link";
import { PageHero } from "~/components/page-hero";
import { NextSteps } from "~/components/quote/next-steps";
import { ButtonLink } from "~/components/ui/button";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { pageTitle, seo } from "~/lib/seo";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { business } = metaFacts(matches);
  return seo(business, {
    title: pageTitle(business, "Request Received"),
    description: `Thank you for your quote request. ${business.name} calls you within ${business.responseTime}.`,
    path: "/thank-you",
    noindex: true,
  });
};

/** A visitor who just sent a request is not offered the first-visit discount (root.tsx). */
export const handle = { welcomeOffer: false };

/**
 * Where the contact function sends a browser after the form's plain post (docs/contact-api.md,
 * "The form without JavaScript"): the spec's thank-you words and what happens next. With
 * JavaScript the form shows the same in place.
 */
export default function ThankYouPage() {
  const { reach } = usePageFacts();
  return (
    <>
      <PageHero title="Thank you! We'll contact you soon." subtitle="Your quote request is in." />
      <section aria-labelledby="next-steps-heading" className="bg-white py-14">
        <div className="container-page max-w-3xl">
          <h2 id="next-steps-heading" className="font-extrabold text-3xl">
            What happens next
          </h2>
          <div className="mt-6 text-lg">
            <NextSteps reach={reach} />
          </div>
          {/* The page is the same for everyone (prerendered): it cannot name the address. */}
          <p className="mt-6 text-lg">
            An e-mail with your own request page, where you can follow it, is on its way to the
            address you gave.
          </p>
          <p className="mt-8 text-lg">Need us sooner, or want to add something?</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <CallLink phone={reach.phone} size="lg" />
            <ButtonLink to="/contact#quote" variant="secondary" size="lg">
              Send another request
            </ButtonLink>
            <ButtonLink to="/" variant="secondary" size="lg">
              Back to the home page
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
