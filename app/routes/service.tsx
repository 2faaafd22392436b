import { useLocation } from "react-router";
import { AreasList } from "~/components/areas-list";
import { CallLink } from "~/components/call-link";
import { CtaBanner } from "~/components/cta-banner";
import { FeatureCard } from "~/components/feature-card";
import { PageHero } from "~/components/page-hero";
import { ProcessSteps } from "~/components/process-steps";
import { CheckMark } from "~/components/ui/check-mark";
import { Section } from "~/components/ui/section";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { getServicePageByPath, type ServicePage } from "~/content/service-pages";
import { seo } from "~/lib/seo";
import { breadcrumbs, serviceSchema } from "~/lib/structured-data";
import type { Route } from "./+types/service";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const facts = metaFacts(matches);
  const page = pageFor(facts.servicePages, location.pathname);
  return seo(facts.business, {
    title: page.metaTitle,
    description: page.metaDescription,
    keywords: page.keywords,
    path: page.path,
    jsonLd: [
      serviceSchema(facts, {
        name: page.name,
        serviceType: page.serviceType,
        description: page.metaDescription,
        path: page.path,
      }),
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: page.name, path: page.path },
      ]),
    ],
  });
};

/** One module for the five standard service pages; the path says which (routes.ts). */
export default function ServicePageRoute() {
  const { reach, servicePages } = usePageFacts();
  const page = pageFor(servicePages, useLocation().pathname);
  return (
    <>
      <PageHero
        eyebrow={page.name}
        title={page.heroTitle}
        subtitle={page.heroSubtitle}
        artwork={page.artwork}
      >
        <CallLink phone={reach.phone} size="lg" />
      </PageHero>

      <Section
        id="overview"
        title={page.introTitle}
        intro={page.intro.map((paragraph, index) => (
          <p key={paragraph} className={index > 0 ? "mt-4" : undefined}>
            {paragraph}
          </p>
        ))}
      />

      <Section id="checklist" title={page.checklistTitle} tone="tint">
        <ul className="grid gap-3 sm:grid-cols-2">
          {page.checklist.map((item) => (
            <li
              key={item}
              className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 font-semibold text-ink shadow-sm"
            >
              <CheckMark />
              {item}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" title={page.benefitsTitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.benefits.map((benefit) => (
            <li key={benefit.title}>
              <FeatureCard title={benefit.title}>{benefit.description}</FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="details" title={page.detailsTitle} tone="tint">
        <div className="grid gap-8 md:grid-cols-2">
          {page.details.map((detail) => (
            <article key={detail.title}>
              <h3 className="font-bold text-xl">{detail.title}</h3>
              <p className="mt-2 leading-relaxed">{detail.description}</p>
            </article>
          ))}
        </div>
      </Section>

      {page.process ? (
        <Section id="process" title={page.process.title} intro={page.process.intro}>
          <ProcessSteps steps={page.process.steps} />
        </Section>
      ) : null}

      <Section
        id="areas"
        title={`${page.name} Across Our Service Area`}
        intro="Available in all five towns we serve."
      >
        <AreasList />
      </Section>

      <CtaBanner title={page.cta.title} text={<p>{page.cta.text}</p>} linkLabel={page.cta.label} />
    </>
  );
}

function pageFor(servicePages: readonly ServicePage[], pathname: string): ServicePage {
  const page = getServicePageByPath(servicePages, pathname);
  if (!page) throw new Error(`No service page at ${pathname}`);
  return page;
}
