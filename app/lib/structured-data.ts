/**
 * schema.org JSON-LD blocks, built from the facts of the version the page is made from, so search
 * engines read the same facts as people.
 */
import { absoluteUrl } from "~/config";
import { areas, stateCode } from "../../shared/areas";
import type { Facts } from "../../shared/content/facts";
import { serviceCatalog } from "../../shared/service-catalog";

/**
 * schema.org has no cleaning-business type: HomeAndConstructionBusiness is the LocalBusiness
 * subtype for "services around homes and buildings", and the services themselves are Service items.
 */
const businessType = "HomeAndConstructionBusiness";

const businessId = `${absoluteUrl("/")}#business`;

function areaServed() {
  return areas.map((area) => ({
    "@type": "City",
    name: `${area.name}, ${stateCode}`,
    url: absoluteUrl(area.path),
  }));
}

/** The six service pages as offers, each of a Service with its page. */
function offerCatalog() {
  return {
    "@type": "OfferCatalog",
    name: "Cleaning services",
    itemListElement: serviceCatalog.map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.name, url: absoluteUrl(service.path) },
    })),
  };
}

/** The company, on every page: hours, the five towns and the services it offers. */
export function localBusiness({ business }: Pick<Facts, "business">) {
  return {
    "@context": "https://schema.org",
    "@type": businessType,
    "@id": businessId,
    name: business.name,
    legalName: business.legalName,
    description: business.tagline,
    url: absoluteUrl("/"),
    telephone: business.phone.e164,
    email: business.email,
    image: absoluteUrl("/og-image.png"),
    logo: absoluteUrl("/logo-mark.svg"),
    priceRange: "$$",
    founder: { "@type": "Person", name: business.founder.name, jobTitle: business.founder.title },
    address: {
      "@type": "PostalAddress",
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      addressCountry: business.address.country,
    },
    openingHoursSpecification: business.hours.open.map((slot) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: slot.dayNames,
      opens: slot.opens,
      closes: slot.closes,
    })),
    areaServed: areaServed(),
    hasOfferCatalog: offerCatalog(),
  };
}

export function serviceSchema(
  { business }: Pick<Facts, "business">,
  service: { name: string; serviceType: string; description: string; path: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    serviceType: service.serviceType,
    description: service.description,
    url: absoluteUrl(service.path),
    provider: { "@id": businessId, "@type": businessType, name: business.name },
    areaServed: areaServed(),
  };
}

type Crumb = { name: string; path: string };

/** Breadcrumbs for pages that sit under Home (towns, services). */
export function breadcrumbs(trail: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}
