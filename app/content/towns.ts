/**
 * Copy for the five town pages (product.md, Town pages). Slug, name and path come from
 * areas.ts, so a town's name is written in one place; everything here is that town's own copy.
 */
import { areaByPath, areas, type TownSlug } from "../../shared/areas";
import { business } from "./business";

/** A town page's service card. */
type TownServiceItem = { name: string; description: string };

export type Town = {
  slug: TownSlug;
  path: string;
  name: string;
  county: string;
  /** Under the H1 "Professional Cleaning Services in {town}". */
  tagline: string;
  metaDescription: string;
  keywords: string[];
  /** One sentence above the five service cards. */
  servicesIntro: string;
  services: TownServiceItem[];
  /** The three cards of "Why Choose Keystone Shine in {town}?". */
  whyChoose: { title: string; description: string }[];
  /** Nearby areas served from this town. */
  neighborhoods: string[];
};

/** The five cards every town page shows, in this order. */
export const townServiceNames = [
  "Residential Cleaning",
  "Commercial Cleaning",
  "Carpet Cleaning",
  "Strip and Wax Floors",
  "Post-Construction Cleaning",
] as const;

type TownServiceName = (typeof townServiceNames)[number];
type Card = { title: string; description: string };

/** The copy written per town; the types hold every town to five services and three cards. */
type TownCopy = Omit<Town, "slug" | "path" | "name" | "services" | "whyChoose"> & {
  services: Record<TownServiceName, string>;
  whyChoose: [Card, Card, Card];
};

const dry = business.carpetDryTime;

const copy: Record<TownSlug, TownCopy> = {
  "plymouth-meeting": {
    county: "Montgomery County",
    tagline:
      "Home and office cleaning for Plymouth Meeting's townhome communities, corporate campuses and the streets around Germantown Pike.",
    metaDescription:
      "Residential & commercial cleaning in Plymouth Meeting, PA: house cleaning for townhomes, office and janitorial service for corporate campuses. Free quotes.",
    keywords: [
      "cleaning services Plymouth Meeting PA",
      "house cleaning Plymouth Meeting",
      "office cleaning Plymouth Meeting PA",
      "commercial cleaning Plymouth Meeting",
      "carpet cleaning Plymouth Meeting PA",
      "janitorial services Plymouth Meeting",
      "maid service 19462",
      "post-construction cleaning Montgomery County PA",
    ],
    servicesIntro:
      "From townhomes off Butler Pike to office suites near the Blue Route, this is what we take care of in and around Plymouth Meeting.",
    services: {
      "Residential Cleaning":
        "Weekly, bi-weekly or monthly cleaning for townhomes and single-family homes in Plymouth and Whitemarsh Townships. The same crew comes each visit, so stairs, baseboards and the kitchen are done the way you like them.",
      "Commercial Cleaning":
        "Evening and weekend cleaning for offices on the corporate campuses along Germantown Pike and Chemical Road, and for the retail and medical suites nearby. Your space is ready before the first meeting of the day.",
      "Carpet Cleaning": `Hot-water extraction for townhome stairways, finished basements and busy office corridors. Most carpets are dry in ${dry}, so rooms are back in use the same day.`,
      "Strip and Wax Floors":
        "We strip worn finish and lay down fresh coats on VCT and vinyl in lobbies, break rooms, clinics and shops around the Plymouth Meeting Mall. Work is scheduled after hours so your doors stay open.",
      "Post-Construction Cleaning":
        "Final cleans for new townhomes, basement finishes and office fit-outs, from drywall dust on window sills to paint flecks on new fixtures. We work from your punch list and your turnover date.",
    },
    whyChoose: [
      {
        title: "Our Home Base",
        description: `${business.shortName} is based in Plymouth Meeting, so your home or office is a short drive for our crews, not the last stop on a long route.`,
      },
      {
        title: "At Ease on Corporate Campuses",
        description:
          "We work around security desks, badge access and shared lobbies, and follow each building's after-hours rules so property managers never have to chase us.",
      },
      {
        title: "Townhome Know-How",
        description:
          "Three floors of stairs, tight laundry closets and small powder rooms take planning. We bring compact equipment and pace each visit so every level gets equal attention.",
      },
    ],
    neighborhoods: [
      "Plymouth Township",
      "Whitemarsh Township",
      "Lafayette Hill",
      "Conshohocken",
      "Blue Bell",
      "East Norriton",
    ],
  },

  "king-prussia": {
    county: "Montgomery County",
    tagline:
      "Dependable cleaning for King of Prussia's office parks, the shops and showrooms around the mall, and the homes and apartments of Upper Merion.",
    metaDescription:
      "Residential & commercial cleaning in King of Prussia, PA: office and janitorial service for business parks, house and apartment cleaning, carpet care.",
    keywords: [
      "cleaning services King of Prussia PA",
      "office cleaning King of Prussia",
      "commercial cleaning King of Prussia PA",
      "house cleaning King of Prussia",
      "janitorial services Upper Merion",
      "carpet cleaning King of Prussia PA",
      "apartment cleaning 19406",
      "floor strip and wax King of Prussia",
    ],
    servicesIntro:
      "Whether you work in an office on First Avenue or live in a split-level in Upper Merion, these are the services we bring to King of Prussia.",
    services: {
      "Residential Cleaning":
        "Recurring and one-time cleaning for split-levels, colonials and apartments across Upper Merion, including move-in cleans for people new to the area. Kitchens, bathrooms, dusting and floors are covered on every visit.",
      "Commercial Cleaning":
        "After-hours cleaning for offices in the business park along First Avenue and the buildings off Route 202, plus showrooms and retail near the mall. Evening and weekend visits keep cleaning out of your workday.",
      "Carpet Cleaning": `Office carpet tile and conference-room broadloom take a beating from rolling chairs and winter road salt. Our hot-water extraction lifts the traffic lanes, and most areas are dry in ${dry}.`,
      "Strip and Wax Floors":
        "Retail stockrooms, clinics and office break rooms with vinyl tile are stripped, sealed and refinished overnight or over a weekend, so customers walk in on an even shine Monday morning.",
      "Post-Construction Cleaning":
        "King of Prussia never stops building and re-leasing. We clean office fit-outs, retail build-outs and new apartments after the trades leave, so keys change hands on schedule.",
    },
    whyChoose: [
      {
        title: "Office Park Experience",
        description:
          "We work in multi-tenant buildings with shared lobbies, loading docks and building engineers, and we follow their after-hours access and alarm procedures.",
      },
      {
        title: "Planned Around Mall Traffic",
        description:
          "We route crews around Route 202 and mall congestion, especially during the holiday shopping season, so your scheduled clean still happens on time.",
      },
      {
        title: "Home and Office, One Call",
        description:
          "Need your office cleaned on weeknights and your house every other Friday? Set up both with one company and one point of contact.",
      },
    ],
    neighborhoods: [
      "Upper Merion Township",
      "Village at Valley Forge",
      "Gulph Mills",
      "Valley Forge",
      "Bridgeport",
      "Wayne",
    ],
  },

  "west-chester": {
    county: "Chester County",
    tagline:
      "Careful cleaning for borough rowhomes and twins, downtown shops and offices, and the family homes in the townships around West Chester.",
    metaDescription:
      "Residential & commercial cleaning in West Chester, PA: borough homes, rentals near the university, and downtown offices and shops. Get a free quote today.",
    keywords: [
      "cleaning services West Chester PA",
      "house cleaning West Chester PA",
      "office cleaning West Chester",
      "rental turnover cleaning West Chester PA",
      "carpet cleaning West Chester PA",
      "commercial cleaning Chester County",
      "maid service 19380",
      "post-construction cleaning West Chester",
    ],
    servicesIntro:
      "In the borough and the townships around it, West Chester homeowners, landlords and business owners book us for these five services.",
    services: {
      "Residential Cleaning":
        "Borough rowhomes, Victorian twins and larger homes in West Goshen and Westtown each clean differently. We take care with original woodwork, narrow staircases and radiators, and follow the same checklist every visit.",
      "Commercial Cleaning":
        "Professional offices near the county courthouse, storefronts on Gay and High Streets and suites around town, cleaned after closing, evenings and weekends included, so nothing interrupts your clients.",
      "Carpet Cleaning": `Rentals near West Chester University need their carpets refreshed between tenants each summer. Landlords book extraction cleaning alongside the turnover clean, and most rooms are dry in ${dry}.`,
      "Strip and Wax Floors":
        "Restaurants, shops and offices downtown with vinyl or VCT floors are stripped and refinished overnight, so the front door opens on time and the floor looks new.",
      "Post-Construction Cleaning":
        "Rowhome renovations and additions leave plaster and drywall dust in every crevice. After your contractor finishes, we clean top to bottom, including inside cabinets, window tracks and vents.",
    },
    whyChoose: [
      {
        title: "Borough Parking, Handled",
        description:
          "We know the borough's metered streets and narrow alleys, and plan arrival times and equipment so a cleaning visit never becomes a parking problem for you.",
      },
      {
        title: "Ready for Lease Turnover",
        description:
          "When leases end near the university, we schedule units back to back, cleaned and carpet-cleaned, so the next tenants can move in on time.",
      },
      {
        title: "After Close, Before Open",
        description:
          "Downtown shops and restaurants keep long hours. We clean after you close or before you open, and lock up exactly the way you ask.",
      },
    ],
    neighborhoods: [
      "West Chester Borough",
      "West Goshen Township",
      "East Goshen Township",
      "Westtown Township",
      "East Bradford Township",
      "Thornbury Township",
    ],
  },

  exton: {
    county: "Chester County",
    tagline:
      "Cleaning for Exton's business parks and shopping centers, and for the newer homes and townhome developments across West Whiteland and Uwchlan.",
    metaDescription:
      "Residential & commercial cleaning in Exton, PA: house cleaning for new developments, office and business-park cleaning, carpets and floors. Free quotes.",
    keywords: [
      "cleaning services Exton PA",
      "house cleaning Exton PA",
      "office cleaning Exton",
      "commercial cleaning Exton PA",
      "new construction cleaning Exton",
      "carpet cleaning Exton PA",
      "cleaning services West Whiteland",
      "maid service 19341",
    ],
    servicesIntro:
      "From new townhomes off Route 100 to the business parks along the Route 30 bypass, this is how we help Exton homes and businesses.",
    services: {
      "Residential Cleaning":
        "Newer single-family homes and townhomes in Exton mean open floor plans, lots of glass and busy family schedules. We clean weekly, bi-weekly or monthly and work around school pickups and home offices.",
      "Commercial Cleaning":
        "Offices, flex space and showrooms in the business parks along Route 100 and the Route 30 bypass, cleaned evenings and weekends. Restrooms, break rooms and conference rooms are ready when your team arrives.",
      "Carpet Cleaning": `Builder-grade carpet in newer homes shows traffic lanes within a few years. Hot-water extraction lifts ground-in dirt from stairs, bedrooms and finished basements, and most rooms are dry in ${dry}.`,
      "Strip and Wax Floors":
        "Flex-space offices, dental and medical suites and retail units in Exton's shopping centers often have vinyl tile that has not been refinished since move-in. We strip it to bare tile, reseal and apply new coats after hours.",
      "Post-Construction Cleaning":
        "Exton keeps building. We clean new townhomes and single-family homes before the buyer walkthrough, and commercial units before tenants open, working from the builder's schedule and punch list.",
    },
    whyChoose: [
      {
        title: "Builder-Ready Turnovers",
        description:
          "We clean finished homes on the builder's timeline, one after another, and flag anything we spot, like a scratched tub or a missing outlet cover, before the buyer does.",
      },
      {
        title: "Business Park Routines",
        description:
          "Recurring evening service for offices and flex space, with the same crew each week and a written checklist your office manager can review and adjust.",
      },
      {
        title: "Central to Chester County",
        description:
          "Exton sits between West Chester, Downingtown and Chester Springs, so we can look after your home in one town and your office in the next with the same team.",
      },
    ],
    neighborhoods: [
      "West Whiteland Township",
      "Uwchlan Township",
      "Lionville",
      "Eagleview",
      "Chester Springs",
      "Downingtown",
    ],
  },

  berwyn: {
    county: "Chester County",
    tagline:
      "Thorough, respectful cleaning for Berwyn's stone homes and larger Main Line houses, and for the offices and shops along Lancaster Avenue.",
    metaDescription:
      "Residential & commercial cleaning in Berwyn, PA on the Main Line: stone homes, Lancaster Avenue offices and shops, carpets and floors. Get a free quote.",
    keywords: [
      "cleaning services Berwyn PA",
      "house cleaning Berwyn PA",
      "Main Line house cleaning",
      "office cleaning Berwyn PA",
      "commercial cleaning Berwyn",
      "carpet cleaning Berwyn PA",
      "cleaning services Devon PA",
      "maid service 19312",
    ],
    servicesIntro:
      "For older homes on quiet Berwyn streets and businesses along Lancaster Avenue, these are the services we provide.",
    services: {
      "Residential Cleaning":
        "Older stone homes and larger Main Line houses have deep windowsills, built-ins and rooms that see little use. We set a rotation so every room gets attention, using products that are safe for old hardwood and natural stone.",
      "Commercial Cleaning":
        "Professional offices, boutiques and studios along Lancaster Avenue and the corporate offices toward Chesterbrook, cleaned after hours with evening and weekend visits available.",
      "Carpet Cleaning": `Stair runners, wall-to-wall carpet in third-floor bedrooms and finished basements, and busy hallways. We check the fiber first, then clean with hot-water extraction; most carpet is dry in ${dry}.`,
      "Strip and Wax Floors":
        "Vinyl kitchens and mudrooms, original linoleum in older houses, and VCT in offices and shops along Route 30. We strip the yellowed finish and apply fresh coats for a clean, even shine.",
      "Post-Construction Cleaning":
        "Kitchen remodels, additions and whole-house renovations in older homes send fine dust through every floor. We clean after the contractor so you move back into finished rooms, not a job site.",
    },
    whyChoose: [
      {
        title: "Care for Older Homes",
        description:
          "Plaster walls, original trim and century-old hardwood need gentle products and a light touch. We test in an out-of-sight spot first and ask before touching anything delicate.",
      },
      {
        title: "Discreet, Consistent Crews",
        description:
          "The same background-checked team each visit, who learn your home, your alarm routine and which rooms you would rather we skip.",
      },
      {
        title: "Up and Down the Main Line",
        description:
          "Berwyn, Devon, Paoli and Daylesford sit on the same stretch of Lancaster Avenue for our crews, so scheduling along Route 30 is simple.",
      },
    ],
    neighborhoods: [
      "Devon",
      "Paoli",
      "Daylesford",
      "Chesterbrook",
      "Easttown Township",
      "Tredyffrin Township",
    ],
  },
};

export const towns: Town[] = areas.map((area) => {
  const town = copy[area.slug];
  return {
    ...area,
    ...town,
    services: townServiceNames.map((name) => ({ name, description: town.services[name] })),
    whyChoose: [...town.whyChoose],
  };
});

export function getTown(slug: TownSlug): Town {
  const town = towns.find((candidate) => candidate.slug === slug);
  if (!town) throw new Error(`Unknown town ${slug}`);
  return town;
}

export function getTownByPath(path: string): Town | undefined {
  const area = areaByPath(path);
  return area ? getTown(area.slug) : undefined;
}
