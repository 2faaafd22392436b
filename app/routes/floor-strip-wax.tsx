import { CallLink } from "~/components/call-link";
import { PageHero } from "~/components/page-hero";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { floorStripWaxTexts } from "~/content/service-pages";
import { seo } from "~/lib/seo";
import { breadcrumbs, serviceSchema } from "~/lib/structured-data";
import { catalogEntry } from "../../shared/service-catalog";

const service = catalogEntry("floor-strip-wax");

export const meta = () =>
  seo({
    title: floorStripWaxTexts.metaTitle,
    description: floorStripWaxTexts.metaDescription,
    path: service.path,
    keywords: floorStripWaxTexts.keywords,
    jsonLd: [
      serviceSchema({
        name: service.name,
        serviceType: "Floor stripping and waxing",
        description: floorStripWaxTexts.metaDescription,
        path: service.path,
      }),
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: service.name, path: service.path },
      ]),
    ],
  });

/** The short floor strip and wax page (product.md): hero, call button, one paragraph. */
export default function FloorStripWaxPage() {
  const texts = floorStripWaxTexts;
  return (
    <>
      <PageHero
        eyebrow="Floor care"
        title={texts.heroTitle}
        subtitle={texts.heroSubtitle}
        artwork="floor-wax-hero"
      >
        <CallLink size="lg" />
      </PageHero>
      <Section id="restore-your-floors" title={texts.introTitle} intro={<p>{texts.intro}</p>}>
        <ButtonLink to="/contact" variant="primary" size="lg">
          Get Free Quote
        </ButtonLink>
      </Section>
    </>
  );
}
