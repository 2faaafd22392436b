import { Clock } from "lucide-react";
import { useLocation } from "react-router";
import { BusinessHours } from "~/components/business-hours";
import { CallLink } from "~/components/call-link";
import { CtaBanner } from "~/components/cta-banner";
import { FeatureCard } from "~/components/feature-card";
import { PageHero } from "~/components/page-hero";
import { townServiceIcons } from "~/components/town-service-icon";
import { CheckMark } from "~/components/ui/check-mark";
import { Section } from "~/components/ui/section";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { getTownByPath, type Town } from "~/content/towns";
import { seo } from "~/lib/seo";
import { breadcrumbs } from "~/lib/structured-data";
import { stateCode } from "../../shared/areas";
import type { Route } from "./+types/town";

/** product.md, Town pages: "Cleaning Services {town} PA | Residential & Commercial Cleaning". */
function townTitle(town: Pick<Town, "name">) {
  return `Cleaning Services ${town.name} ${stateCode} | Residential & Commercial Cleaning`;
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const { business, towns } = metaFacts(matches);
  const town = townFor(towns, location.pathname);
  return seo(business, {
    title: townTitle(town),
    description: town.metaDescription,
    keywords: town.keywords,
    path: town.path,
    jsonLd: [
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: `${town.name}, ${stateCode}`, path: town.path },
      ]),
    ],
  });
};

/** One module for the five town pages; the path says which town (routes.ts). */
export default function TownPage() {
  const { business, supportPromise, reach, towns } = usePageFacts();
  const town = townFor(towns, useLocation().pathname);
  return (
    <>
      <PageHero
        eyebrow={`${town.name}, ${stateCode}`}
        title={`Professional Cleaning Services in ${town.name}`}
        subtitle={town.tagline}
        artwork="town-hero"
      >
        <CallLink phone={reach.phone} size="lg" />
      </PageHero>

      <Section
        id="town-services"
        eyebrow={`Serving ${town.name} and ${town.county}`}
        title={`Our Cleaning Services in ${town.name}`}
        intro={town.servicesIntro}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {town.services.map((service) => (
            <li key={service.name}>
              <FeatureCard
                icon={townServiceIcons[service.name as keyof typeof townServiceIcons]}
                title={service.name}
              >
                {service.description}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="why-choose"
        title={`Why Choose ${business.shortName} in ${town.name}?`}
        tone="tint"
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {town.whyChoose.map((reason) => (
            <li key={reason.title}>
              <FeatureCard title={reason.title}>{reason.description}</FeatureCard>
            </li>
          ))}
        </ul>
        <div className="mt-10 grid gap-6 rounded-2xl bg-white p-6 shadow-sm md:grid-cols-2">
          <div>
            <h3 className="font-bold text-xl">Neighborhoods we serve</h3>
            <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
              {town.neighborhoods.map((neighborhood) => (
                <li key={neighborhood} className="flex items-center gap-2">
                  <CheckMark />
                  {neighborhood}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-bold text-xl">Hours in {town.name}</h3>
            <p className="mt-3 flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                <BusinessHours />
                <span className="block">{supportPromise}.</span>
              </span>
            </p>
            <CallLink phone={reach.phone} variant="primary" className="mt-4" />
          </div>
        </div>
      </Section>

      <CtaBanner
        title={`Get a Cleaner Space in ${town.name}`}
        text={
          <p>Call today or request a free quote online. We reply within {business.responseTime}.</p>
        }
        linkLabel="Get Free Quote"
      />
    </>
  );
}

function townFor(towns: readonly Town[], pathname: string): Town {
  const town = getTownByPath(towns, pathname);
  if (!town) throw new Error(`No town page at ${pathname}`);
  return town;
}
