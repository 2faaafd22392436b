/**
 * Copy for the five standard service pages (product.md, Service pages). Slug, path and name come
 * from service-catalog.ts.
 *
 * Services, one kind of fact per file:
 * - shared/service-paths.ts: which service pages exist (slug, path, service);
 * - shared/service-catalog.ts: each page's name and one-line summary;
 * - app/content/service-pages.ts: the copy of the five standard service pages (floor strip and
 *   wax, a short page, keeps its copy in app/routes/floor-strip-wax.tsx);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form.
 */

import { catalogEntry, type ServicePageSlug } from "../../shared/service-catalog";
import { business } from "./business";

export type ServiceStep = { title: string; description: string };

type CtaLabel =
  | "Get Free Quote"
  | "Contact Us"
  | "Request Quote"
  | "Get Free Estimate"
  | "Request Estimate";

export type ServicePage = {
  slug: ServicePageSlug;
  path: string;
  name: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  /** schema.org Service serviceType. */
  serviceType: string;
  heroTitle: string;
  heroSubtitle: string;
  introTitle: string;
  intro: string[];
  checklistTitle: string;
  /** Eight items. */
  checklist: string[];
  benefitsTitle: string;
  benefits: { title: string; description: string }[];
  detailsTitle: string;
  details: { title: string; description: string }[];
  /** Carpet (four steps) and post-construction (six steps) only. */
  process?: { title: string; intro: string; steps: ServiceStep[] };
  cta: { title: string; text: string; label: CtaLabel };
  artwork: "residential" | "commercial" | "janitorial" | "carpet" | "post-construction";
};

type ServicePageCopy = Omit<ServicePage, "slug" | "path" | "name">;

const dry = business.carpetDryTime;
const reply = business.responseTime;

const copy: Record<ServicePageSlug, ServicePageCopy> = {
  "residential-cleaning": {
    metaTitle: "Residential House Cleaning | Chester & Montgomery County, PA",
    metaDescription:
      "Weekly, bi-weekly, monthly or one-time house cleaning in Plymouth Meeting, King of Prussia, West Chester, Exton and Berwyn, PA. Request your free quote.",
    keywords: [
      "house cleaning Chester County PA",
      "residential cleaning Montgomery County PA",
      "maid service Main Line",
      "recurring house cleaning",
      "deep cleaning service PA",
      "move-in move-out cleaning",
      "bi-weekly house cleaning",
    ],
    serviceType: "House cleaning",
    heroTitle: "Residential Cleaning Services",
    heroSubtitle:
      "A clean home on your schedule, weekly, bi-weekly, monthly or one-time, from a team that learns how you like it done.",
    introTitle: "Home Cleaning That Fits Your Week",
    intro: [
      "A recurring visit is the simplest way to keep a home under control: weekly for busy households with kids and pets, bi-weekly for a steady baseline, monthly for a deeper reset between your own tidy-ups. One-time cleans cover move-ins, move-outs, holidays and the week before guests arrive.",
      "Every visit follows a written checklist, room by room, so nothing depends on memory. Tell us what matters most to you, whether that is the kitchen, the floors or the guest bath, and we put it at the top of the list and keep it there.",
    ],
    checklistTitle: "What Every Home Visit Includes",
    checklist: [
      "Kitchen counters and appliances",
      "Bathrooms scrubbed and disinfected",
      "Dusting of all surfaces",
      "Vacuuming and mopping floors",
      "Baseboards and door frames",
      "Beds made, linens changed",
      "Trash emptied and relined",
      "Interior glass and mirrors",
    ],
    benefitsTitle: `Why Homeowners Choose ${business.shortName}`,
    benefits: [
      {
        title: "Same Crew, Every Visit",
        description:
          "A consistent team learns your home, your preferences and where everything goes back.",
      },
      {
        title: "Flexible Scheduling",
        description:
          "Choose weekly, bi-weekly, monthly or one-time service, and change it when your life changes.",
      },
      {
        title: "Background-Checked Staff",
        description:
          "Everyone who enters your home is background-checked, trained by us and fully insured.",
      },
      {
        title: "100% Satisfaction Guarantee",
        description:
          "If something was missed, let us know and we will come back and make it right at no extra charge.",
      },
    ],
    detailsTitle: "Residential Services in Detail",
    details: [
      {
        title: "Recurring Cleaning",
        description:
          "Weekly, bi-weekly or monthly visits that cover kitchens, bathrooms, dusting and floors, plus the details that build up over time: baseboards, light switches and cabinet fronts.",
      },
      {
        title: "Deep Cleaning",
        description:
          "A top-to-bottom first visit or seasonal reset. We clean inside the microwave, along the range hood, blinds, vents, grout lines and door frames, and behind and under furniture we can safely move.",
      },
      {
        title: "Move-In and Move-Out Cleaning",
        description:
          "Empty-home cleaning inside cabinets, closets, drawers and appliances, so you can hand over the keys or unpack with confidence.",
      },
      {
        title: "One-Time and Special Occasion Cleans",
        description:
          "Before a party, after the holidays or ahead of family arriving from out of town. Book a single visit with no ongoing commitment.",
      },
    ],
    cta: {
      title: "Ready for a Cleaner Home?",
      text: `Tell us about your home and how often you would like us to come. We typically respond within ${reply} with a free, no-obligation quote.`,
      label: "Get Free Quote",
    },
    artwork: "residential",
  },

  "commercial-cleaning": {
    metaTitle: "Commercial Cleaning | Chester & Montgomery County, PA",
    metaDescription:
      "After-hours commercial cleaning for offices, retail and medical suites in King of Prussia, Plymouth Meeting, Exton and the Main Line. Evenings and weekends.",
    keywords: [
      "commercial cleaning Chester County PA",
      "office cleaning Montgomery County PA",
      "commercial cleaning King of Prussia",
      "after-hours office cleaning",
      "retail store cleaning PA",
      "medical office cleaning",
      "weekend commercial cleaning",
    ],
    serviceType: "Commercial cleaning",
    heroTitle: "Commercial Cleaning Services",
    heroSubtitle:
      "Offices, storefronts and medical suites cleaned after your team goes home, with evenings and weekends available.",
    introTitle: "A Clean Workplace Without the Disruption",
    intro: [
      "Staff and customers notice a dusty reception desk or a restroom out of paper towels. We clean after hours, with evenings and weekends available, so the work happens while your space is empty and everything is ready when the doors open.",
      "Every account starts with a walkthrough and a written scope: which rooms, how often, and what gets extra attention. Your crew works from that list on every visit, and you have one contact to call when something needs to change.",
    ],
    checklistTitle: "Our Commercial Cleaning Checklist",
    checklist: [
      "Restrooms cleaned and restocked",
      "Trash and recycling removed",
      "Desks and surfaces dusted",
      "Break rooms and kitchenettes",
      "Floors vacuumed and mopped",
      "Entrance glass and doors",
      "High-touch points disinfected",
      "Conference rooms reset",
    ],
    benefitsTitle: "Built Around Your Business",
    benefits: [
      {
        title: "Evenings and Weekends Available",
        description:
          "We clean while you are closed, so no vacuum ever runs during a client call or a customer visit.",
      },
      {
        title: "Consistent, Trained Crews",
        description:
          "The same team learns your building, your alarm procedure and your priorities.",
      },
      {
        title: "Fully Licensed and Insured",
        description:
          "The coverage landlords and property managers ask for, with a certificate of insurance on request.",
      },
      {
        title: "24/7 Customer Support",
        description: `Report a spill, a missed area or a schedule change at any hour: leave a message any time and we answer within ${reply}.`,
      },
    ],
    detailsTitle: "Commercial Cleaning Services in Detail",
    details: [
      {
        title: "Office Cleaning",
        description:
          "Workstations, private offices, conference rooms, kitchens and restrooms, cleaned nightly or a few times a week depending on headcount and traffic.",
      },
      {
        title: "Retail and Showroom Cleaning",
        description:
          "Entrance glass, display surfaces, fitting rooms and sales floors, cleaned after close so the store looks its best at opening.",
      },
      {
        title: "Medical and Professional Suites",
        description:
          "Waiting rooms, exam rooms and restrooms cleaned with close attention to high-touch surfaces, on a schedule that works around patient hours.",
      },
      {
        title: "Floor Care Add-Ons",
        description:
          "Carpet extraction and VCT strip and wax can be added to your plan and scheduled on weekends, keeping floors in shape between deep cleanings.",
      },
    ],
    cta: {
      title: "Let's Talk About Your Facility",
      text: "Tell us about your space and your hours, and we will set up a walkthrough and send a written quote.",
      label: "Contact Us",
    },
    artwork: "commercial",
  },

  "janitorial-services": {
    metaTitle: "Janitorial Cleaning Services | Day & Night Porters in PA",
    metaDescription:
      "Scheduled janitorial service for offices, clinics, schools and multi-tenant buildings in Chester and Montgomery County, PA. Request a quote for your site.",
    keywords: [
      "janitorial services Chester County PA",
      "janitorial services Montgomery County PA",
      "day porter service",
      "nightly janitorial service",
      "building maintenance cleaning",
      "restroom sanitation service",
      "janitorial company King of Prussia",
    ],
    serviceType: "Janitorial service",
    heroTitle: "Janitorial Cleaning Services",
    heroSubtitle:
      "Scheduled day and night janitorial care that keeps restrooms stocked, trash out and common areas presentable.",
    introTitle: "Routine Care for Busy Buildings",
    intro: [
      "Janitorial service is the daily or nightly routine that keeps a building running: restrooms cleaned and stocked, trash and recycling out, lobbies and break rooms presentable. It suits offices, multi-tenant buildings, clinics, gyms and schools that need cleaning every day, not once in a while.",
      "We build the schedule around your occupancy, from nightly service to a day porter who handles spills, restocking and touch-ups while people are in the building. We can also manage your paper goods and soap, so nothing runs out between deliveries.",
    ],
    checklistTitle: "Janitorial Services We Provide",
    checklist: [
      "Restroom cleaning and sanitizing",
      "Paper and soap restocking",
      "Trash and recycling removal",
      "Lobby and entryway upkeep",
      "Break room cleaning",
      "Hard floor mopping",
      "Carpet vacuuming",
      "Day porter support",
    ],
    benefitsTitle: "Why Facilities Rely on Us",
    benefits: [
      {
        title: "Predictable Schedules",
        description:
          "Nightly, weekly or day porter coverage on fixed days, so tenants and staff know when cleaning happens.",
      },
      {
        title: "Supply Management",
        description: "We track paper, soap and liner levels and restock before anything runs out.",
      },
      {
        title: "Quality Inspections",
        description:
          "Supervisors check completed work against your scope and follow up on anything that falls short.",
      },
      {
        title: "100% Quality Guaranteed",
        description:
          "If an area does not meet the agreed standard, we clean it again promptly at no charge.",
      },
    ],
    detailsTitle: "Janitorial Services in Detail",
    details: [
      {
        title: "Nightly Janitorial Service",
        description:
          "A full pass through restrooms, kitchens, offices and common areas after hours, five nights a week or on the nights you choose.",
      },
      {
        title: "Day Porter Service",
        description:
          "A team member on site during business hours for restroom checks, spills, lobby touch-ups and conference room resets between meetings.",
      },
      {
        title: "Restroom Care and Restocking",
        description:
          "Fixtures, partitions, floors and dispensers cleaned and disinfected, with paper goods and soap refilled on every visit.",
      },
      {
        title: "Common Area Maintenance",
        description:
          "Lobbies, elevators, stairwells and hallways kept clean, with entrance mats and glass given extra attention in wet or salty winter weather.",
      },
    ],
    cta: {
      title: "Need Reliable Janitorial Service?",
      text: "Tell us about your building and how often it needs attention, and we will put together a schedule and a quote.",
      label: "Request Quote",
    },
    artwork: "janitorial",
  },

  "carpet-cleaning": {
    metaTitle: "Carpet Cleaning Services | Chester & Montgomery County, PA",
    metaDescription: `Hot-water extraction carpet cleaning for homes and offices in West Chester, Exton, Berwyn, King of Prussia and Plymouth Meeting. Most carpets dry in ${dry}.`,
    keywords: [
      "carpet cleaning Chester County PA",
      "carpet cleaning Montgomery County PA",
      "hot water extraction carpet cleaning",
      "office carpet cleaning",
      "carpet stain removal PA",
      "pet stain carpet cleaning",
      "carpet cleaning Main Line",
    ],
    serviceType: "Carpet cleaning",
    heroTitle: "Carpet Cleaning Services",
    heroSubtitle: `Hot-water extraction that lifts ground-in dirt, spots and odors, with most carpets dry in ${dry}.`,
    introTitle: "Deep Carpet Cleaning for Homes and Offices",
    intro: [
      "Vacuuming removes surface dirt, but grit, oils and spills settle into the base of the fibers, where they dull the color and wear carpet out faster. Hot-water extraction flushes that soil loose and pulls it back out, along with most of the water.",
      `We clean wall-to-wall carpet, stairs and runners in homes, and carpet tile and broadloom in offices. Carpets usually dry within ${dry}, and we set furniture on protective tabs so nothing transfers while it dries.`,
    ],
    checklistTitle: "Carpet Cleaning Services Include",
    checklist: [
      "Hot-water extraction",
      "Spot and stain treatment",
      "Pet odor treatment",
      "High-traffic lane cleaning",
      "Stairs and runners",
      "Office carpet tile",
      "Light furniture moved and protected",
      "Pile grooming for even drying",
    ],
    benefitsTitle: "Why Choose Our Carpet Cleaning",
    benefits: [
      {
        title: "Fast Drying",
        description: `Strong extraction leaves carpet damp, not soaked, so most rooms are dry in ${dry}.`,
      },
      {
        title: "Low-Residue Solutions",
        description:
          "Eco-friendly cleaning solutions that rinse out completely, so carpet does not feel sticky or attract dirt again quickly.",
      },
      {
        title: "Honest Stain Assessments",
        description:
          "Before we start, we tell you which stains should come out and which may only lighten, so there are no surprises.",
      },
      {
        title: "Longer Carpet Life",
        description:
          "Removing abrasive grit keeps fibers from wearing down and helps carpet look newer for longer.",
      },
    ],
    detailsTitle: "Carpet Services in Detail",
    details: [
      {
        title: "Residential Carpet Cleaning",
        description:
          "Living rooms, bedrooms, stairs and finished basements, with extra attention on the traffic lanes from doorways and the spot in front of the couch.",
      },
      {
        title: "Commercial Carpet Cleaning",
        description:
          "Carpet tile and broadloom in offices, corridors and conference rooms, cleaned after hours or on weekends so work is not interrupted.",
      },
      {
        title: "Spot, Stain and Odor Treatment",
        description:
          "Targeted treatment for coffee, wine, mud and pet accidents, matched to the type of stain before extraction begins.",
      },
      {
        title: "Maintenance Plans",
        description:
          "Scheduled cleanings once or twice a year for homes, or quarterly for busy offices, to keep traffic areas from matting down.",
      },
    ],
    process: {
      title: "Our 4-Step Carpet Cleaning Process",
      intro:
        "Every job follows the same four steps, whether it is one bedroom or a full office floor.",
      steps: [
        {
          title: "Pre-Inspection",
          description:
            "We walk the carpet with you, check the fiber and its condition, and point out stains, wear and areas that need special care.",
        },
        {
          title: "Pre-Treatment",
          description:
            "Traffic lanes and spots get a pre-spray matched to the soil, which loosens oils and dirt before extraction.",
        },
        {
          title: "Deep Cleaning",
          description:
            "Hot-water extraction rinses the carpet down to the backing and recovers the dirty water along with most of the moisture.",
        },
        {
          title: "Post-Grooming",
          description: `We groom the pile so it dries evenly and looks uniform, set furniture on protective tabs, and remind you that most carpet is dry in ${dry}.`,
        },
      ],
    },
    cta: {
      title: "Bring Your Carpets Back to Life",
      text: "Tell us which rooms need cleaning and roughly how large they are, and we will send a free estimate.",
      label: "Get Free Estimate",
    },
    artwork: "carpet",
  },

  "post-construction": {
    metaTitle: "Post-Construction Cleaning | Builders & Contractors, PA",
    metaDescription:
      "Post-construction cleaning for contractors, builders and property managers in Chester and Montgomery County, PA: rough, final and touch-up cleans.",
    keywords: [
      "post-construction cleaning Chester County PA",
      "construction cleanup Montgomery County PA",
      "builder final clean",
      "new construction cleaning",
      "renovation cleanup service",
      "commercial construction cleaning",
      "move-in ready cleaning",
    ],
    serviceType: "Post-construction cleaning",
    heroTitle: "Post-Construction Cleaning",
    heroSubtitle:
      "Rough, final and touch-up cleans for contractors, builders and property managers, scheduled around your turnover date.",
    introTitle: "From Job Site to Move-In Ready",
    intro: [
      "Construction dust settles on every ledge, inside every cabinet and deep in the HVAC registers, and new fixtures arrive covered in stickers, paint specks and adhesive. A standard cleaning crew is not equipped for that. We bring HEPA vacuums, scrapers and products that are safe on new finishes.",
      "We work with general contractors, home builders and property managers on new homes, remodels and commercial fit-outs. Give us your walkthrough or occupancy date and we will schedule the rough, final and touch-up phases to meet it.",
    ],
    checklistTitle: "Post-Construction Cleaning Includes",
    checklist: [
      "Debris and packaging removal",
      "HEPA vacuuming of all surfaces",
      "Sticker and label removal",
      "Paint and adhesive cleanup",
      "Windows, sills and tracks",
      "Cabinets inside and out",
      "Fixtures and hardware polished",
      "Floors vacuumed and mopped",
    ],
    benefitsTitle: "Why Builders and Contractors Call Us",
    benefits: [
      {
        title: "On Your Schedule",
        description:
          "We plan around the trades and your closing, inspection or move-in date, with evenings and weekends when the job needs them.",
      },
      {
        title: "Safe for New Finishes",
        description:
          "Products and tools that will not scratch new glass, stainless steel, stone counters or hardwood.",
      },
      {
        title: "Crews Sized to the Job",
        description:
          "One crew for a kitchen remodel, more for a multi-unit building or a commercial fit-out.",
      },
      {
        title: "Punch-List Friendly",
        description:
          "We note damage or unfinished items we find while cleaning, so you can fix them before the walkthrough.",
      },
    ],
    detailsTitle: "Post-Construction Services in Detail",
    details: [
      {
        title: "New Home Construction",
        description:
          "Final cleans for single-family homes and townhomes before the buyer walkthrough, including windows, cabinets, appliances and every floor.",
      },
      {
        title: "Renovations and Remodels",
        description:
          "Kitchen, bath and whole-house renovation cleanup in occupied or empty homes, with care taken to keep dust from spreading into finished rooms.",
      },
      {
        title: "Commercial Build-Outs",
        description:
          "Office, retail and medical fit-outs cleaned to opening-day condition, from ceiling vents and light fixtures to restroom partitions and entry glass.",
      },
      {
        title: "Multi-Unit Turnovers",
        description:
          "Apartment and condo buildings cleaned unit by unit on a set schedule, so property managers can lease and hand over keys on time.",
      },
    ],
    process: {
      title: "Our 6-Step Post-Construction Process",
      intro:
        "Construction cleanup happens in phases, timed to where the trades are on your project.",
      steps: [
        {
          title: "Initial Assessment",
          description:
            "We walk the site with your superintendent or project manager, confirm the scope and finishes, and set dates for each phase.",
        },
        {
          title: "Rough Clean",
          description:
            "Once drywall and the heavy trades wrap up, we clear debris, packaging and the worst of the dust so finish work starts in a clean space.",
        },
        {
          title: "Deep Clean",
          description:
            "Top-to-bottom cleaning of walls, ceilings, vents, cabinets, closets, fixtures and floors to remove settled construction dust.",
        },
        {
          title: "Detail Work",
          description:
            "Stickers, paint overspray, caulk and adhesive come off; glass, tracks, hardware and appliances are polished.",
        },
        {
          title: "Final Touch-Ups",
          description:
            "After the last trades finish, we return to remove new dust and fingerprints before the walkthrough.",
        },
        {
          title: "Final Inspection",
          description:
            "We walk the space with you against the checklist and fix anything you flag, so it is ready for handover.",
        },
      ],
    },
    cta: {
      title: "Have a Project Wrapping Up?",
      text: "Send us the address, the square footage and your target completion date, and we will follow up with an estimate.",
      label: "Request Estimate",
    },
    artwork: "post-construction",
  },
};

/** The order pages are listed in (the catalog's order, without the floor strip and wax page). */
const order: ServicePageSlug[] = [
  "residential-cleaning",
  "commercial-cleaning",
  "janitorial-services",
  "carpet-cleaning",
  "post-construction",
];

export const servicePages: ServicePage[] = order.map((slug) => {
  const { path, name } = catalogEntry(slug);
  return { slug, path, name, ...copy[slug] };
});

export function getServicePage(slug: ServicePageSlug): ServicePage {
  const page = servicePages.find((candidate) => candidate.slug === slug);
  if (!page) throw new Error(`Unknown service page ${slug}`);
  return page;
}

export function getServicePageByPath(path: string): ServicePage | undefined {
  const normalized = path.replace(/\/+$/, "") || "/";
  return servicePages.find((page) => page.path === normalized);
}
