import {
  Award,
  CalendarCheck,
  Handshake,
  HeartHandshake,
  MapPin,
  ShieldCheck,
  Sparkles,
  Users,
} from "lucide-react";
import { CtaBanner } from "~/components/cta-banner";
import { FeatureCard } from "~/components/feature-card";
import { PageHero } from "~/components/page-hero";
import { ArtworkImage } from "~/components/ui/artwork-image";
import { Section } from "~/components/ui/section";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { pageTitle, seo } from "~/lib/seo";
import { breadcrumbs } from "~/lib/structured-data";
import { townNames } from "~/lib/town-names";
import type { Business } from "../../shared/business";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { business } = metaFacts(matches);
  return seo(business, {
    title: pageTitle(business, "About Us"),
    description: `Meet ${business.name}: a locally owned cleaning company founded by ${business.founder.name}, with ${business.claims.yearsExperience}+ years serving homes and businesses in Montgomery and Chester County, PA.`,
    path: "/about",
    jsonLd: [
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "About Us", path: "/about" },
      ]),
    ],
  });
};

const values = [
  {
    icon: Sparkles,
    title: "Excellence",
    text: "We clean to a written standard and check our own work before we leave.",
  },
  {
    icon: ShieldCheck,
    title: "Integrity",
    text: "Honest quotes, no surprise fees, and we tell you if something was missed.",
  },
  {
    icon: Award,
    title: "Professionalism",
    text: "Uniformed, trained and insured staff who treat your space with respect.",
  },
  {
    icon: HeartHandshake,
    title: "Commitment",
    text: "The same crew, the same day, the same care: visit after visit.",
  },
] as const;

/** Three of them name the business's facts: built at render, from the page's version. */
const reasons = (business: Business) =>
  [
    {
      icon: Users,
      title: "Experienced Team",
      text: `${business.claims.yearsExperience}+ years of homes, offices and job sites, with floor-care training certification.`,
    },
    {
      icon: CalendarCheck,
      title: "Flexible Scheduling",
      text: "Weekly, bi-weekly, monthly or one-time; early mornings, evenings and weekends for businesses.",
    },
    {
      icon: Handshake,
      title: "Quality Assurance",
      text: `Supervisor walk-throughs and our ${business.claims.qualityGuarantee.toLowerCase()} promise: if it is not right, we come back.`,
    },
    {
      icon: MapPin,
      title: "Local & Reliable",
      text: `Based in ${business.address.locality} and working across the Main Line and Chester County every day.`,
    },
  ] as const;

export default function AboutPage() {
  const { business } = usePageFacts();
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={`About ${business.name}`}
        subtitle="A local, family-minded cleaning company that treats every home and workplace as if it were our own."
        artwork="about-team"
      />

      <Section
        id="our-story"
        title="Our Story"
        intro={
          <>
            <p>
              {business.founder.name} started {business.name} with one vacuum, one car and a simple
              idea: people should not have to chase their cleaners. Show up when promised, clean
              what was agreed, and leave every space better than you found it.
            </p>
            <p className="mt-4">
              {business.claims.yearsExperience}+ years and more than{" "}
              {business.claims.satisfiedClients} clients later, we clean family homes, corporate
              offices, medical suites, schools and brand-new construction across {townNames()}. We
              are still local, still answer our own phones, and still hold every visit to the
              standard that built our name.
            </p>
          </>
        }
      />

      <Section id="values" title="Our Core Values" tone="tint">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title}>
              <FeatureCard icon={value.icon} title={value.title}>
                {value.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="why-choose-us" title={`Why Choose ${business.shortName}?`}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons(business).map((reason) => (
            <li key={reason.title}>
              <FeatureCard icon={reason.icon} title={reason.title}>
                {reason.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="founder" title="Meet Our Founder" tone="tint">
        <div className="grid items-center gap-8 md:grid-cols-[16rem_1fr]">
          <ArtworkImage
            name="founder"
            className="mx-auto max-w-64 rounded-full bg-white shadow-lg"
          />
          <div>
            <h3 className="font-bold text-2xl">{business.founder.name}</h3>
            <p className="font-semibold text-brand-700">{business.founder.title}</p>
            <p className="mt-4 text-lg leading-relaxed">
              {business.founder.name.split(" ")[0]} has spent more than a decade in professional
              cleaning, from residential crews to commercial floor care, and holds a floor-care
              training certification. She still visits job sites every week, trains every new team
              member herself and personally reviews every quote request.
            </p>
            <blockquote className="mt-4 border-brand-600 border-l-4 pl-4 text-ink text-lg italic">
              “Your home or business is trusted to us. We earn that trust again on every visit.”
            </blockquote>
          </div>
        </div>
      </Section>

      <CtaBanner
        title="Let Us Earn Your Trust"
        text={
          <p>
            Tell us about your space and we will send a free, no-obligation quote within{" "}
            {business.responseTime}.
          </p>
        }
        linkLabel="Get Free Quote"
      />
    </>
  );
}
