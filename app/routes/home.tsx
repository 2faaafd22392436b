import {
  ArrowRight,
  BadgeCheck,
  CalendarClock,
  MapPinned,
  ShieldCheck,
  Sparkles,
  Users,
} from "lucide-react";
import { AreasList } from "~/components/areas-list";
import { CallLink } from "~/components/call-link";
import { CtaBanner } from "~/components/cta-banner";
import { FeatureCard } from "~/components/feature-card";
import { PageHero } from "~/components/page-hero";
import { TestimonialsCarousel } from "~/components/testimonials-carousel";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { ZipCheck } from "~/components/zip-check";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { seo } from "~/lib/seo";
import { townName, townNames } from "~/lib/town-names";
import { serviceCatalog } from "../../shared/service-catalog";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { business } = metaFacts(matches);
  return seo(business, {
    title: `${business.name} | House & Commercial Cleaning in ${townNames(["plymouth-meeting", "king-prussia", "west-chester"], "&")} PA`,
    description: `Home and office cleaning in ${townNames()}, PA. ${business.claims.yearsExperience}+ years, insured, satisfaction guaranteed. Free quotes.`,
    path: "/",
    keywords: [
      "cleaning services Montgomery County PA",
      "house cleaning Chester County PA",
      "commercial cleaning Main Line",
      `janitorial services ${townName("king-prussia")}`,
    ],
  });
};

const benefits = [
  {
    icon: Users,
    title: "Professional Team",
    text: "Trained, background-checked and insured cleaners who follow a written checklist for every room, every visit.",
  },
  {
    icon: CalendarClock,
    title: "Flexible Schedule",
    text: "Weekly, bi-weekly, monthly or one-time visits, Monday through Saturday, with evening and weekend slots for businesses.",
  },
  {
    icon: MapPinned,
    title: "Local Service",
    text: "We live and work in Montgomery and Chester County, so we are close by when you need us and easy to reach when you call.",
  },
] as const;

export default function HomePage() {
  const { business, supportPromise, reach } = usePageFacts();
  return (
    <>
      <PageHero
        eyebrow="Residential & commercial cleaning"
        title="A Spotless Home or Business, Without Lifting a Finger"
        subtitle={`Trusted cleaning for homes, offices and job sites in ${townNames()}. Free quotes, usually within ${business.responseTime}.`}
        artwork="home-hero"
      >
        <CallLink phone={reach.phone} size="lg" />
        <ButtonLink to="/contact" variant="outline" size="lg">
          Get Free Quote
        </ButtonLink>
      </PageHero>

      <section
        aria-labelledby="certifications-heading"
        className="border-slate-200 border-b bg-white py-8"
      >
        <div className="container-page">
          <h2
            id="certifications-heading"
            className="text-center font-bold text-slate-600 text-sm uppercase tracking-widest"
          >
            Certified, insured and guaranteed
          </h2>
          <ul className="mt-5 grid grid-cols-2 gap-4 text-center lg:grid-cols-4">
            {business.certifications.map((certification) => (
              <li
                key={certification}
                className="flex flex-col items-center gap-2 font-semibold text-ink"
              >
                <BadgeCheck aria-hidden="true" className="size-8 text-accent-600" />
                {certification}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section
        id="why-us"
        eyebrow="Why homeowners and businesses choose us"
        title="Cleaning You Can Set Your Watch By"
        tone="tint"
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {benefits.map((benefit) => (
            <li key={benefit.title}>
              <FeatureCard icon={benefit.icon} title={benefit.title}>
                {benefit.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="intro"
        title={`Cleaning Done Right for ${business.claims.yearsExperience}+ Years`}
        intro={
          <>
            <p>
              {business.name} cleans homes, offices, medical suites, retail spaces and new
              construction across the Philadelphia suburbs. More than{" "}
              {business.claims.satisfiedClients} clients trust us because we show up on time, clean
              to a checklist and stand behind every visit with our{" "}
              {business.claims.qualityGuarantee.toLowerCase()} promise.
            </p>
            <p className="mt-4">
              Questions at any hour? {supportPromise}, quote requests included.
            </p>
          </>
        }
      />

      <section aria-labelledby="floor-care-heading" className="bg-accent-800 text-white">
        <div className="container-page flex flex-col items-start gap-5 py-10 md:flex-row md:items-center md:justify-between">
          <div className="flex items-start gap-4">
            <Sparkles aria-hidden="true" className="mt-1 size-10 shrink-0 text-sparkle" />
            <div>
              <h2 id="floor-care-heading" className="font-extrabold text-2xl text-white">
                Dull, scuffed floors? We strip and wax them.
              </h2>
              <p className="mt-2 text-accent-100">
                Floor-care training certified crews restore the shine on vinyl, tile and linoleum
                floors.
              </p>
            </div>
          </div>
          <ButtonLink to="/services" variant="accent">
            See Floor Care Services
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </div>
      </section>

      <Section id="our-services" eyebrow="What we do" title="Our Services">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {serviceCatalog.map((service) => (
            <li key={service.slug}>
              {/* biome-ignore lint/a11y/noAmbiguousAnchorText: the link's text starts with the service's name */}
              <a
                href={service.path}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <span className="flex items-center gap-2 font-bold text-ink text-xl group-hover:text-brand-800">
                  {service.name}
                </span>
                <span className="mt-2 grow">{service.summary}</span>
                <span className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700">
                  Learn more
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-1"
                  />
                </span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ButtonLink to="/services" variant="secondary">
            View All Services
          </ButtonLink>
        </p>
      </Section>

      <Section
        id="areas"
        eyebrow="Montgomery & Chester County"
        title="Areas We Serve"
        intro="Local crews in five towns and the neighborhoods around them."
        tone="tint"
      >
        <AreasList />
        <ZipCheck />
      </Section>

      <CtaBanner
        title="Ready for a Cleaner Home or Workplace?"
        text={
          <p>
            <ShieldCheck
              aria-hidden="true"
              className="mr-2 inline size-5 align-text-bottom text-sparkle"
            />
            Call now or request your free quote online. {business.claims.satisfactionGuarantee}.
          </p>
        }
        linkLabel="Get Free Quote"
      />

      <Section id="testimonials" eyebrow="Reviews" title="What Our Clients Say">
        <TestimonialsCarousel />
      </Section>
    </>
  );
}
