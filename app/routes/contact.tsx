import { Clock, FileText, Mail, MapPin, Phone as PhoneIcon } from "lucide-react";
import { BusinessHours } from "~/components/business-hours";
import { CallLink } from "~/components/call-link";
import { ContactForm } from "~/components/contact-form";
import { PageHero } from "~/components/page-hero";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { island } from "~/islands/island";
import { pageTitle, seo } from "~/lib/seo";
import { breadcrumbs } from "~/lib/structured-data";
import { townNames } from "~/lib/town-names";
import { areas, stateCode } from "../../shared/areas";
import { mailtoHref, telHref } from "../../shared/business-reach";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { business } = metaFacts(matches);
  return seo(business, {
    title: pageTitle(business, "Contact Us | Free Cleaning Quote"),
    description: `Request a free cleaning quote or call ${business.phone.display}. ${business.name} serves ${townNames()}, PA, and replies within ${business.responseTime}.`,
    path: "/contact",
    jsonLd: [
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Contact", path: "/contact" },
      ]),
    ],
  });
};

export default function ContactPage() {
  const facts = usePageFacts();
  const { business, supportPromise } = facts;
  return (
    <>
      {/* On a phone the form starts well down the page: the first screen offers the way there.
          The lead is also the largest text of the first screen, where the illustration is left
          out: without it the welcome offer's text, shown at one second, was the page's largest
          contentful paint (1.4-1.8 s instead of 0.75 s; docs/decisions/0013). */}
      <PageHero
        title="Contact Us"
        subtitle="Let's Discuss Your Cleaning Needs"
        lead={`Free, no-obligation quotes for homes, offices and new construction in ${townNames()}, ${stateCode}.`}
        artwork="contact-hero"
        artworkOnPhones={false}
      >
        <ButtonLink to="#quote" variant="accent" size="lg">
          <FileText aria-hidden="true" className="size-5" />
          Request a Free Quote
        </ButtonLink>
        <CallLink phone={facts.reach.phone} size="lg" variant="outline" />
      </PageHero>

      <Section
        id="get-in-touch"
        title="Get in Touch"
        intro={`Call, e-mail or send the form below: we reply within ${business.responseTime}.`}
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard icon={PhoneIcon} title="Phone">
            <a
              href={telHref(business.phone)}
              className="font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {business.phone.display}
            </a>
            <span className="block text-sm">{supportPromise}</span>
          </ContactCard>
          <ContactCard icon={Mail} title="Email">
            <a
              href={mailtoHref(business.email)}
              className="break-all font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {business.email}
            </a>
            <span className="block text-sm">Replies within {business.responseTime}</span>
          </ContactCard>
          <ContactCard icon={Clock} title="Business Hours">
            <BusinessHours />
          </ContactCard>
          <ContactCard icon={MapPin} title="Service Areas">
            {areas.map((area) => area.name).join(", ")}, {stateCode}
          </ContactCard>
        </ul>
      </Section>

      {/* Focusable so that "Request a Free Quote" (and #quote links) land keyboard and screen
          reader users here: the next Tab reaches the first field. */}
      <section
        id="quote"
        tabIndex={-1}
        aria-labelledby="quote-form-heading"
        className="bg-brand-50/60 py-14 outline-none sm:py-20"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl rounded-3xl bg-white p-6 shadow-lg sm:p-10">
            <h2 id="quote-form-heading" className="font-extrabold text-3xl">
              Request a Free Quote
            </h2>
            {/* Each required field says so itself (`required`); its asterisk is hidden from screen
                readers, so they hear the rule in words instead of "star". */}
            <p className="mt-3 mb-8 text-lg">
              Tell us about your home or business.{" "}
              <span aria-hidden="true">Fields marked * are required.</span>
              <span className="sr-only">All fields are required unless marked optional.</span>
            </p>
            <div {...island("contact-form")}>
              <ContactForm facts={facts} />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="prefer-to-call-heading" className="bg-white py-14">
        <div className="container-page flex flex-col items-center text-center">
          <h2 id="prefer-to-call-heading" className="font-extrabold text-3xl">
            Prefer to Call?
          </h2>
          <p className="mt-3 max-w-xl text-lg">
            Talk to a real person about your space, your schedule and your budget.
          </p>
          <CallLink
            phone={facts.reach.phone}
            size="lg"
            variant="primary"
            label="Call"
            className="mt-6"
          />
        </div>
      </section>
    </>
  );
}

function ContactCard({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Mail;
  title: string;
  children: React.ReactNode;
}) {
  return (
    // Icon beside the text on phones (the cards stack there), above it from the small breakpoint.
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h3 className="font-bold text-ink text-xl sm:mt-4">{title}</h3>
        <p className="mt-1 sm:mt-2">{children}</p>
      </div>
    </li>
  );
}
