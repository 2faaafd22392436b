import type { PictureSlot } from "../../shared/content/picture-files";
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

/** The slots the owner may put a picture in (shared/content/picture-files.ts) are these. */
export type ArtworkName = PictureSlot;

type Artwork = { src: string; width: number; height: number; alt: string };

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
    alt: "Illustration of a cleaner buffing a glossy checkered floor with a floor machine",
  },
  residential: {
    src: residential,
    ...card,
    alt: "Illustration of a tidy living room with a cleaning caddy on the rug",
  },
  commercial: {
    src: commercial,
    ...card,
    alt: "Illustration of a cleaner pushing a supply cart through a medical office reception",
  },
  janitorial: {
    src: janitorial,
    ...card,
    alt: "Illustration of a janitorial cart and mop bucket in a tiled restroom",
  },
  office: {
    src: office,
    ...card,
    alt: "Illustration of a cleaner vacuuming between desks in an open office",
  },
  carpet: {
    src: carpet,
    ...card,
    alt: "Illustration of a cleaner using a carpet extractor that leaves clean stripes",
  },
  "post-construction": {
    src: postConstruction,
    ...card,
    alt: "Illustration of a cleaner vacuuming dust in a newly built room with a ladder and hard hat",
  },
  "floor-wax": {
    src: floorWax,
    ...card,
    alt: "Illustration of a floor burnisher polishing shiny tiles",
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
    alt: "Illustrated portrait of our founder",
  },
  "town-hero": {
    src: townHero,
    ...hero,
    alt: "Illustration of a Pennsylvania main street with stone and brick shops",
  },
  "contact-hero": {
    src: contactHero,
    ...hero,
    alt: "Illustration of a checklist, a calendar and a phone ready to call",
  },
};
