import { describe, expect, it } from "vitest";
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
  it("types the business as a schema.org LocalBusiness subtype for services around homes", () => {
    const business = localBusiness();
    expect(localBusinessTypes).toContain(business["@type"]);
    expect(business["@type"]).toBe("HomeAndConstructionBusiness");
  });

  it("describes the business with its hours and the five towns it serves", () => {
    const business = localBusiness();
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

  it("offers every service page as a Service", () => {
    const catalog = localBusiness().hasOfferCatalog;
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
    const service = serviceSchema({
      name: "Carpet Cleaning",
      serviceType: "Carpet cleaning",
      description: "d",
      path: "/carpet-cleaning",
    });
    expect(service.provider["@id"]).toBe(localBusiness()["@id"]);
    expect(service.provider["@type"]).toBe(localBusiness()["@type"]);
    const trail = breadcrumbs([
      { name: "Home", path: "/" },
      { name: "Exton, PA", path: "/exton" },
    ]);
    expect(trail.itemListElement.map((item) => item.position)).toEqual([1, 2]);
  });
});
