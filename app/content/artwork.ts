import aboutTeam from "../assets/artwork/about-team.svg";
import carpet from "../assets/artwork/carpet.svg";
import commercial from "../assets/artwork/commercial.svg";
import contactHero from "../assets/artwork/contact-hero.svg";
import floorWax from "../assets/artwork/floor-wax.svg";
import floorWaxHero from "../assets/artwork/floor-wax-hero.svg";
import founder from "../assets/artwork/founder.svg";
import homeHero from "../assets/artwork/home-hero.svg";
import janitorial from "../assets/artwork/janitorial.svg";
import office from "../assets/artwork/office.svg";
import postConstruction from "../assets/artwork/post-construction.svg";
import residential from "../assets/artwork/residential.svg";
import townHero from "../assets/artwork/town-hero.svg";

export type ArtworkName =
  | "home-hero"
  | "floor-wax-hero"
  | "residential"
  | "commercial"
  | "janitorial"
  | "office"
  | "carpet"
  | "post-construction"
  | "floor-wax"
  | "about-team"
  | "founder"
  | "town-hero"
  | "contact-hero";

export type Artwork = { src: string; width: number; height: number; alt: string };

const hero = { width: 640, height: 480 };
const card = { width: 480, height: 320 };

export const artwork: Record<ArtworkName, Artwork> = {
  "home-hero": {
    src: homeHero,
    ...hero,
    alt: "Illustration of a cleaner wiping a kitchen counter in a bright living room",
  },
  "floor-wax-hero": {
    src: floorWaxHero,
    ...hero,
    alt: "Illustration of a floor machine buffing a glossy tile floor",
  },
  residential: {
    src: residential,
    ...card,
    alt: "Illustration of a tidy home interior with a cleaning caddy",
  },
  commercial: {
    src: commercial,
    ...card,
    alt: "Illustration of a cleaner with a cart in a storefront",
  },
  janitorial: {
    src: janitorial,
    ...card,
    alt: "Illustration of a janitorial cart with mop bucket and supplies",
  },
  office: { src: office, ...card, alt: "Illustration of a cleaner vacuuming an open office" },
  carpet: {
    src: carpet,
    ...card,
    alt: "Illustration of a carpet extraction wand leaving clean stripes",
  },
  "post-construction": {
    src: postConstruction,
    ...card,
    alt: "Illustration of a new room being cleaned after construction",
  },
  "floor-wax": {
    src: floorWax,
    ...card,
    alt: "Illustration of a floor burnisher over shiny tiles",
  },
  "about-team": {
    src: aboutTeam,
    ...hero,
    alt: "Illustration of three cleaners with supplies in front of a van",
  },
  founder: {
    src: founder,
    width: 320,
    height: 320,
    alt: "Illustrated portrait of the company's founder",
  },
  "town-hero": {
    src: townHero,
    ...hero,
    alt: "Illustration of a Pennsylvania main street with stone and brick shops",
  },
  "contact-hero": {
    src: contactHero,
    ...hero,
    alt: "Illustration of a phone, a checklist and a calendar",
  },
};
