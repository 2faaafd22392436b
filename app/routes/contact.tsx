import { Clock, Mail, MapPin, Phone as PhoneIcon } from "lucide-react";
import { BusinessHours } from "~/components/business-hours";
import { CallLink } from "~/components/call-link";
import { ContactForm } from "~/components/contact-form";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/ui/section";
import { areas, stateCode } from "~/content/areas";
import { business, mailtoHref, supportPromise, telHref } from "~/content/business";
import { island } from "~/islands/island";
import { pageTitle, seo } from "~/lib/seo";
import { breadcrumbs } from "~/lib/structured-data";

export const meta = () =>
  seo({
    title: pageTitle("Contact Us | Free Cleaning Quote"),
    description: `Request a free cleaning quote or call ${business.phone.display}. ${business.name} serves Plymouth Meeting, King of Prussia, West Chester, Exton and Berwyn, PA, and replies within ${business.responseTime}.`,
    path: "/contact",
    jsonLd: [
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Contact", path: "/contact" },
      ]),
    ],
  });

export default function ContactPage() {
  return (
    <>
      <PageHero
        title="Contact Us"
        subtitle="Let's Discuss Your Cleaning Needs"
        artwork="contact-hero"
      />

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

      <section
        id="quote"
        aria-labelledby="quote-form-heading"
        className="bg-brand-50/60 py-14 sm:py-20"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl rounded-3xl bg-white p-6 shadow-lg sm:p-10">
            <h2 id="quote-form-heading" className="font-extrabold text-3xl">
              Request a Free Quote
            </h2>
            <p className="mt-3 mb-8 text-lg">
              Tell us about your home or business. Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">as required</span> are required.
            </p>
            <div {...island("contact-form")}>
              <ContactForm />
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
          <CallLink size="lg" variant="primary" label="Call" className="mt-6" />
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
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 font-bold text-ink text-xl">{title}</h3>
      <p className="mt-2">{children}</p>
    </li>
  );
}
