/**
 * The six cards on /services and the detail dialog each one opens (product.md, Services). Ids are
 * the quote form's service values, so a card and the form's choice are the same service.
 *
 * Services, one kind of fact per file:
 * - shared/service-paths.ts: which service pages exist (slug, path, service);
 * - shared/service-catalog.ts: each page's name and one-line summary;
 * - app/content/service-pages.ts: the copy of the five standard service pages (floor strip and
 *   wax, a short page, keeps its copy in app/routes/floor-strip-wax.tsx);
 * - app/content/services.ts: the six cards on /services and the dialogs they open;
 * - shared/contact-fields.ts: the services a visitor can choose in the quote form.
 */
import type { LucideIcon } from "lucide-react";
import { BriefcaseBusiness, Building2, Droplets, HardHat, Sparkles, SprayCan } from "lucide-react";
import type { ServiceValue } from "../../shared/contact-fields";
import { business } from "./business";

/** A card's id and its artwork's name: every form choice but Other. */
type ServiceId = Exclude<ServiceValue, "other">;

export type Service = {
  id: ServiceId;
  icon: LucideIcon;
  title: string;
  /** One sentence, on the card. */
  shortDesc: string;
  /** Two or three sentences, in the dialog. */
  description: string;
  /** Five key features. */
  features: string[];
  image: ServiceId;
  imageAlt: string;
};

const dry = business.carpetDryTime;

export const services: Service[] = [
  {
    id: "janitorial",
    icon: SprayCan,
    title: "Janitorial Cleaning",
    shortDesc:
      "Nightly and day porter janitorial service that keeps restrooms, break rooms and common areas ready every day.",
    description:
      "Our janitorial crews follow a fixed schedule built around your building's hours and traffic. We clean and restock restrooms, take out trash and recycling, and look after lobbies and break rooms, with the same trained team and one point of contact.",
    features: [
      "Nightly or weekly schedules",
      "Restroom sanitizing and restocking",
      "Trash and recycling removal",
      "Day porter service",
      "Paper and soap supply tracking",
    ],
    image: "janitorial",
    imageAlt: "Illustration of a janitorial cart with a mop bucket and cleaning supplies",
  },
  {
    id: "commercial",
    icon: Building2,
    title: "Commercial Cleaning",
    shortDesc:
      "After-hours cleaning for offices, retail stores and medical suites, with evenings and weekends available.",
    description:
      "We clean commercial spaces while they are closed, so your staff and customers never work around us. Every account starts with a walkthrough and a written scope that sets which areas are cleaned, how often and what needs extra attention.",
    features: [
      "Evening and weekend scheduling",
      "Written cleaning scope",
      "High-touch surface disinfection",
      "Entrance glass and lobby care",
      "Fully licensed and insured",
    ],
    image: "commercial",
    imageAlt: "Illustration of a commercial building with a cleaner at the front entrance",
  },
  {
    id: "office",
    icon: BriefcaseBusiness,
    title: "Office Cleaning",
    shortDesc:
      "Desks, kitchens, conference rooms and restrooms cleaned so your team starts every morning in a fresh office.",
    description:
      "From small professional suites to full floors in the office parks of King of Prussia and Plymouth Meeting, we keep workspaces clean and healthy. We wipe workstations without disturbing papers, reset conference rooms, and leave kitchens and restrooms spotless.",
    features: [
      "Workstation dusting and wiping",
      "Kitchen and break room cleaning",
      "Conference room resets",
      "Vacuuming and hard-floor mopping",
      "Daily, weekly or custom frequency",
    ],
    image: "office",
    imageAlt: "Illustration of a tidy office with desks and a cleaner wiping a workstation",
  },
  {
    id: "post-construction",
    icon: HardHat,
    title: "Post-Construction Cleaning",
    shortDesc:
      "Dust, debris and residue removed from new builds and remodels so they are ready for walkthrough and move-in.",
    description:
      "We work with contractors, builders and property managers to clean new homes, renovations and commercial fit-outs in phases, from the rough clean to the final inspection. Stickers, paint specks, drywall dust and adhesive come off without harming new finishes.",
    features: [
      "Rough, final and touch-up cleans",
      "HEPA vacuuming of fine dust",
      "Sticker, paint and adhesive removal",
      "Window, track and fixture detailing",
      "Scheduled to your turnover date",
    ],
    image: "post-construction",
    imageAlt: "Illustration of a hard hat, paint roller and broom in a newly finished room",
  },
  {
    id: "carpet",
    icon: Droplets,
    title: "Carpet Cleaning",
    shortDesc: `Hot-water extraction for homes and offices that lifts ground-in dirt and stains, with most carpets dry in ${dry}.`,
    description: `We inspect the carpet, pre-treat traffic lanes and spots, deep clean with hot-water extraction, then groom the pile so it dries evenly. It works on wall-to-wall carpet, stairs, runners and office carpet tile, and most carpets are dry within ${dry}.`,
    features: [
      "Hot-water extraction",
      "Spot and stain pre-treatment",
      "Pet odor treatment",
      "Homes and offices",
      `Dry in ${dry} in most cases`,
    ],
    image: "carpet",
    imageAlt: "Illustration of a carpet cleaning wand lifting dirt from a carpet",
  },
  {
    id: "floor-wax",
    icon: Sparkles,
    title: "Strip and Wax Floor Services",
    shortDesc:
      "Old, yellowed finish stripped away and fresh coats of wax applied to vinyl, VCT, tile and linoleum floors.",
    description:
      "Our floor-care-trained technicians strip built-up finish down to the bare floor, clean and neutralize the surface, then apply a sealer and several coats of high-gloss finish. We work after hours or over a weekend so the floor can cure before foot traffic returns.",
    features: [
      "Complete stripping of old finish",
      "Sealer and multiple finish coats",
      "Vinyl, VCT, tile and linoleum",
      "After-hours and weekend scheduling",
      "Floor care training certified",
    ],
    image: "floor-wax",
    imageAlt: "Illustration of a floor machine polishing a glossy tiled floor",
  },
];
