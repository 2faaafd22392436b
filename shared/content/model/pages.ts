/**
 * What the pages say (the Pages group: a form per page). Each kind of page is one template: a
 * town's page for each of the five towns, a service page (with what each service page has more or
 * less), the cards on /services. A text is labelled by what it is on its page ("line under the
 * heading"); the history names the page before it ("Exton page: line under the heading changed"),
 * the page's form says it alone ("Line under the heading").
 *
 * The texts that state the carpet drying time or how soon the business answers are not here: the
 * page writes them around those Business facts, so changing a fact changes every page that states
 * it. A town page's five service cards and a service page's steps keep the names product.md gives
 * them: the owner writes what each says.
 */
import { z } from "zod";
import { areas, type TownSlug } from "../../areas.ts";
import { type ServiceValue, serviceLabel } from "../../contact-fields.ts";
import { catalogEntry } from "../../service-catalog.ts";
import type { ServiceSlug } from "../../service-paths.ts";
import { lines, paragraph, text } from "./fields.ts";
import { type Children, each, itemOf, object, rows } from "./nodes.ts";
import { type Count, distinctLinesRule, plural, textRule } from "./rules.ts";

const onePerLine = "One per line.";

const heading = (label: string) => text("a heading", 80, { label });
const subtitle = (label: string) => paragraph("the line under the heading", 300, { label });
const searchTitle = () =>
  text("the title search engines show", 80, {
    label: "title in Google",
    hint: "The page's name in Google's results and on the browser's tab. Not shown on the page.",
  });
const searchDescription = () =>
  paragraph("the description search engines show", 200, {
    label: "description in Google",
    hint: "The two lines Google shows under the page's name. Not shown on the page.",
  });
const keywords = () =>
  lines(distinctLinesRule("a search keyword", 80, { min: 1, max: 12 }, "keyword"), {
    label: "words people search for",
    hint: "One per line: words people type into Google to find this page. Not shown on the page.",
  });
const paragraphs = (count: Count) =>
  lines(distinctLinesRule("a paragraph", 1200, count, "paragraph"), {
    label: "intro",
    hint: "One paragraph per line.",
  });

const card = {
  title: text("the card's heading", 80, { label: "Heading" }),
  description: paragraph("the card's text", 400, { label: "Text" }),
};

/** Cards, each a heading and its text, each heading different from the others. */
function cards(label: string, count: Count) {
  const bounds = typeof count === "number" ? { min: count, max: count } : count;
  const list = z.array(itemOf(card));
  return rows({
    label,
    item: "Card",
    fields: card,
    schema: (bounds.min === bounds.max
      ? list.length(bounds.min, `Keep exactly ${bounds.min} ${plural(bounds.min, "card")}.`)
      : list
          .min(bounds.min, `Give at least ${bounds.min} ${plural(bounds.min, "card")}.`)
          .max(bounds.max, `Give at most ${bounds.max} ${plural(bounds.max, "card")}.`)
    ).refine(
      (cards) => new Set(cards.map((one) => one.title)).size === cards.length,
      "Give each card a different heading.",
    ),
  });
}

const townCard = (name: string) =>
  paragraph(`the ${name} card's text`, 400, { label: `${name} card` });

function townPage(slug: TownSlug) {
  const town = areas.find((one) => one.slug === slug) ?? { name: slug, path: `/${slug}` };
  return object(
    {
      county: text("the county", 60, { label: "county", hint: "For example: Montgomery County" }),
      tagline: subtitle("line under the heading"),
      metaDescription: searchDescription(),
      keywords: keywords(),
      servicesIntro: paragraph("the services intro", 400, {
        label: "words above the service cards",
      }),
      services: object({
        residential: townCard("Residential Cleaning"),
        commercial: townCard("Commercial Cleaning"),
        "floor-wax": townCard("Strip and Wax Floors"),
        "post-construction": townCard("Post-Construction Cleaning"),
      }),
      whyChoose: cards("Why Choose cards", 3),
      neighborhoods: lines(distinctLinesRule("a nearby area", 60, { min: 1, max: 10 }, "area"), {
        label: "nearby areas",
        hint: onePerLine,
      }),
    },
    {
      page: {
        name: `${town.name} page`,
        summary: "The town's lines, its service cards, why choose us and the nearby areas.",
        path: town.path,
      },
    },
  );
}

/** A page's steps keep the names product.md gives them: the owner writes what each one does. */
const process = (steps: number) =>
  object({
    title: heading("steps heading"),
    intro: text("the steps' intro", 400, { label: "steps intro" }),
    steps: lines(
      z.array(textRule("what the step does", 400)).length(steps, `Keep exactly ${steps} steps.`),
      { label: "steps", hint: "One step per line, in order." },
    ),
  });

const serviceTexts = {
  metaTitle: searchTitle(),
  metaDescription: searchDescription(),
  keywords: keywords(),
  heroTitle: heading("heading"),
  heroSubtitle: subtitle("line under the heading"),
  introTitle: heading("intro heading"),
  intro: paragraphs({ min: 1, max: 3 }),
  checklistTitle: heading("checklist heading"),
  checklist: lines(distinctLinesRule("an item", 80, 8, "item"), {
    label: "checklist",
    hint: onePerLine,
  }),
  benefitsTitle: heading("benefits heading"),
  benefits: cards("benefit cards", { min: 2, max: 6 }),
  detailsTitle: heading("details heading"),
  details: cards("details", { min: 2, max: 6 }),
  cta: object({
    title: heading("closing heading"),
    text: paragraph("the closing text", 400, { label: "closing text" }),
  }),
};

function servicePage<const C extends Children>(slug: ServiceSlug, texts: C) {
  const page = catalogEntry(slug);
  return object(texts, {
    page: {
      name: `${page.name} page`,
      summary: "Heading, intro, checklist, cards and the closing words.",
      path: page.path,
    },
  });
}

const {
  metaDescription: _carpetHasNone,
  heroSubtitle: _norSubtitle,
  ...carpetTexts
} = serviceTexts;

/** The six cards on /services (names from product.md) and the five key features of each. */
const features = (count: number) =>
  lines(distinctLinesRule("a key feature", 80, count, "feature"), {
    label: "key features",
    hint: onePerLine,
  });
const serviceCardTexts = {
  shortDesc: paragraph("the card's line", 200, { label: "card's line" }),
  description: paragraph("the text of the card's details", 600, { label: "details" }),
  features: features(5),
};
const serviceCard = <const C extends Children>(id: ServiceValue, texts: C) =>
  object(texts, { section: `${serviceLabel(id)} card` });

export const pages = object({
  towns: object(
    each(
      areas.map((town) => town.slug),
      townPage,
    ),
  ),
  services: object({
    "residential-cleaning": servicePage("residential-cleaning", {
      ...serviceTexts,
      cta: object({ title: heading("closing heading") }),
    }),
    "commercial-cleaning": servicePage("commercial-cleaning", {
      ...serviceTexts,
      benefits: cards("benefit cards", { min: 1, max: 5 }),
    }),
    "janitorial-services": servicePage("janitorial-services", serviceTexts),
    "carpet-cleaning": servicePage("carpet-cleaning", {
      ...carpetTexts,
      intro: paragraphs({ min: 1, max: 2 }),
      benefits: cards("benefit cards", { min: 1, max: 5 }),
      process: process(3),
    }),
    "post-construction": servicePage("post-construction", {
      ...serviceTexts,
      process: process(6),
    }),
    "floor-strip-wax": servicePage("floor-strip-wax", {
      metaTitle: searchTitle(),
      metaDescription: searchDescription(),
      keywords: keywords(),
      heroTitle: heading("heading"),
      heroSubtitle: subtitle("line under the heading"),
      introTitle: heading("intro heading"),
      intro: paragraph("the paragraph", 1200, { label: "intro" }),
    }),
  }),
  serviceCards: object(
    {
      janitorial: serviceCard("janitorial", serviceCardTexts),
      commercial: serviceCard("commercial", serviceCardTexts),
      office: serviceCard("office", serviceCardTexts),
      "post-construction": serviceCard("post-construction", serviceCardTexts),
      carpet: serviceCard("carpet", { features: features(4) }),
      "floor-wax": serviceCard("floor-wax", serviceCardTexts),
    },
    {
      page: {
        name: "Services page",
        title: "Services page cards",
        summary: "Each service card's line, details and key features.",
        path: "/services",
      },
    },
  ),
});
