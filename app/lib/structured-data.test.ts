import { describe, expect, it } from "vitest";
import { factsOf, repositoryFacts } from "../../shared/content/facts";
import { repositoryContent } from "../../shared/content/repository-content";
import type { SiteContent } from "../../shared/content/site-content";
import { serviceCatalog } from "../../shared/service-catalog";
import { breadcrumbs, localBusiness, serviceSchema } from "./structured-data";

/**
 * LocalBusiness and its direct subtypes in the schema.org vocabulary (schema.org/LocalBusiness,
 * "More specific Types"). A type outside this list is not read as a local business by validators
 * and search engines; HouseCleaningService, for one, does not exist.
 */
const localBusinessTypes = [
  "LocalBusiness",
  "AnimalShelter",
  "ArchiveOrganization",
  "AutomotiveBusiness",
  "ChildCare",
  "Dentist",
  "DryCleaningOrLaundry",
  "EmergencyService",
  "EmploymentAgency",
  "EntertainmentBusiness",
  "FinancialService",
  "FoodEstablishment",
  "GovernmentOffice",
  "HealthAndBeautyBusiness",
  "HomeAndConstructionBusiness",
  "InternetCafe",
  "LegalService",
  "Library",
  "LodgingBusiness",
  "MedicalBusiness",
  "ProfessionalService",
  "RadioStation",
  "RealEstateAgent",
  "RecyclingCenter",
  "SelfStorage",
  "ShoppingCenter",
  "SportsActivityLocation",
  "Store",
  "TelevisionStation",
  "TouristInformationCenter",
  "TravelAgency",
];

describe("structured data", () => {
  const facts = repositoryFacts();

  it("types the business as a schema.org LocalBusiness subtype for services around homes", () => {
    const business = localBusiness(facts);
    expect(localBusinessTypes).toContain(business["@type"]);
    expect(business["@type"]).toBe("HomeAndConstructionBusiness");
  });

  it("describes the business with its hours and the five towns it serves", () => {
    const business = localBusiness(facts);
    expect(business.telephone).toMatch(/^\+1484555\d{4}$/);
    expect(business.openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "08:00",
        closes: "19:00",
      }),
    ]);
    expect(business.areaServed.map((area) => area.name)).toEqual([
      "Plymouth Meeting, PA",
      "King of Prussia, PA",
      "West Chester, PA",
      "Exton, PA",
      "Berwyn, PA",
    ]);
  });

  it("gives each run of days its own hours after the owner changes one day", () => {
    const week = structuredClone(repositoryContent) as SiteContent;
    week.hours.week.saturday = { open: true, opens: "08:00", closes: "17:00" };
    expect(localBusiness(factsOf(week)).openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "19:00",
      }),
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "08:00", closes: "17:00" }),
    ]);
  });

  it("offers every service page as a Service", () => {
    const catalog = localBusiness(facts).hasOfferCatalog;
    expect(catalog["@type"]).toBe("OfferCatalog");
    expect(catalog.itemListElement.map((offer) => offer["@type"])).toEqual(
      serviceCatalog.map(() => "Offer"),
    );
    expect(catalog.itemListElement.map((offer) => offer.itemOffered)).toEqual(
      serviceCatalog.map((service) => ({
        "@type": "Service",
        name: service.name,
        url: expect.stringMatching(new RegExp(`^https://[^/]+${service.path}$`)),
      })),
    );
  });

  it("links a service to the business and numbers breadcrumbs from 1", () => {
    const service = serviceSchema(facts, {
      name: "Carpet Cleaning",
      serviceType: "Carpet cleaning",
      description: "d",
      path: "/carpet-cleaning",
    });
    expect(service.provider["@id"]).toBe(localBusiness(facts)["@id"]);
    expect(service.provider["@type"]).toBe(localBusiness(facts)["@type"]);
    const trail = breadcrumbs([
      { name: "Home", path: "/" },
      { name: "Exton, PA", path: "/exton" },
    ]);
    expect(trail.itemListElement.map((item) => item.position)).toEqual([1, 2]);
  });
});
