import { CallLink } from "~/components/call-link";
import { PageHero } from "~/components/page-hero";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { seo } from "~/lib/seo";
import { breadcrumbs, serviceSchema } from "~/lib/structured-data";
import { catalogEntry } from "../../shared/service-catalog";

const service = catalogEntry("floor-strip-wax");
const description =
  "Floor stripping and waxing for vinyl, tile and linoleum in offices, schools, stores and homes across Montgomery and Chester County, PA. Certified floor-care crews.";

export const meta = () =>
  seo({
    title: "Floor Strip & Wax Services | Vinyl, Tile & Linoleum Floor Care in PA",
    description,
    path: service.path,
    keywords: [
      "floor stripping and waxing PA",
      "VCT floor waxing",
      "commercial floor care King of Prussia",
      "tile floor refinishing",
    ],
    jsonLd: [
      serviceSchema({
        name: service.name,
        serviceType: "Floor stripping and waxing",
        description,
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
  return (
    <>
      <PageHero
        eyebrow="Floor care"
        title="Floor Strip & Wax Services"
        subtitle="Bring back the shine on high-traffic floors, with crews trained and certified in floor care."
        artwork="floor-wax-hero"
      >
        <CallLink size="lg" />
      </PageHero>
      <Section
        id="restore-your-floors"
        title="Restore Vinyl, Tile and Linoleum Floors"
        intro={
          <p>
            Years of foot traffic, grit and old wax leave resilient floors yellowed, scuffed and
            dull. We strip the old finish down to the bare floor, deep-scrub the surface, and lay
            down several fresh coats of commercial-grade wax, then buff it to a hard, glossy shine
            that is easier to keep clean. It is the most affordable way to make vinyl, VCT tile and
            linoleum floors in offices, schools, stores and kitchens look new again, scheduled
            evenings or weekends so your business never closes for it.
          </p>
        }
      >
        <ButtonLink to="/contact" variant="primary" size="lg">
          Get Free Quote
        </ButtonLink>
      </Section>
    </>
  );
}
