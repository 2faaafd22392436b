import { CallLink } from "~/components/call-link";
import { PageHero } from "~/components/page-hero";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { seo } from "~/lib/seo";
import { breadcrumbs, serviceSchema } from "~/lib/structured-data";
import { catalogEntry } from "../../shared/service-catalog";
import type { Route } from "./+types/floor-strip-wax";

const service = catalogEntry("floor-strip-wax");

export const meta: Route.MetaFunction = ({ matches }) => {
  const facts = metaFacts(matches);
  const texts = facts.floorStripWax;
  return seo(facts.business, {
    title: texts.metaTitle,
    description: texts.metaDescription,
    path: service.path,
    keywords: texts.keywords,
    jsonLd: [
      serviceSchema(facts, {
        name: service.name,
        serviceType: "Floor stripping and waxing",
        description: texts.metaDescription,
        path: service.path,
      }),
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: service.name, path: service.path },
      ]),
    ],
  });
};

/** The short floor strip and wax page (product.md): hero, call button, one paragraph. */
export default function FloorStripWaxPage() {
  const { floorStripWax: texts, reach } = usePageFacts();
  return (
    <>
      <PageHero
        eyebrow="Floor care"
        title={texts.heroTitle}
        subtitle={texts.heroSubtitle}
        artwork="floor-wax-hero"
      >
        <CallLink phone={reach.phone} size="lg" />
      </PageHero>
      <Section id="restore-your-floors" title={texts.introTitle} intro={<p>{texts.intro}</p>}>
        <ButtonLink to="/contact" variant="primary" size="lg">
          Get Free Quote
        </ButtonLink>
      </Section>
    </>
  );
}
