/**
 * The site's content document: everything the owner may change, as one JSON document checked by
 * this one schema (the build, the pages, the contact function and the owner's editor read the same
 * shape). The repository's first version is content/site.json. Messages are written for the owner,
 * in plain words, and name no field ids: the editor shows each one beside its field.
 *
 * What stays in code: the layout and the routes (the spec's structure), the time zone, the form's
 * rules. What the owner types is text: nothing here is ever rendered as markup.
 */
import { z } from "zod";
import { maxPictureSide, type PictureSlot, pictureIdShape, pictureSlots } from "./picture-files.ts";

const text = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `Keep ${what} to ${max} characters or fewer.`);

const lines = (what: string, max: number, count: { min: number; max: number }) =>
  z
    .array(text(what, max))
    .min(count.min, `Give at least ${count.min} ${count.min === 1 ? "line" : "lines"}.`)
    .max(count.max, `Give at most ${count.max} lines.`);

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${what} as a number.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `Enter ${what} from ${min} to ${max}.`)
    .max(max, `Enter ${what} from ${min} to ${max}.`);

const amount = (what: string, max: number) =>
  z
    .number({ error: `Enter ${what} in dollars.` })
    .min(0, `${what} cannot be below $0.`)
    .max(max, `${what} cannot be above $${max.toLocaleString("en-US")}.`);

const share = (what: string) =>
  z
    .number({ error: `Enter ${what} as a percent.` })
    .min(0, `${what} cannot be below 0%.`)
    .max(0.9, `${what} cannot be above 90%.`);

/** A US phone number as people read it; any spacing is accepted, ten digits are required. */
export const phoneText = z
  .string({ error: "Enter a phone number with 10 digits, like (484) 555-0142." })
  .trim()
  .refine(
    (value) => /^[\d\s().+-]+$/.test(value) && tenDigits(value) !== null,
    "Enter a phone number with 10 digits, like (484) 555-0142.",
  )
  .transform((value) => formatPhone(tenDigits(value) as string));

function tenDigits(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return null;
}

function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const clock = z
  .string({ error: "Enter a time like 08:00." })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 08:00 (24-hour).");

export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof weekdays)[number];

const day = z.discriminatedUnion("open", [
  z.object({ open: z.literal(false) }),
  z
    .object({ open: z.literal(true), opens: clock, closes: clock })
    .refine((hours) => hours.opens < hours.closes, {
      message: "The closing time must be after the opening time.",
      path: ["closes"],
    }),
]);

const holiday = z.union([
  z.object({
    name: text("the holiday's name", 60),
    month: whole("the month", 1, 12),
    day: whole("the day", 1, 31),
  }),
  z.object({
    name: text("the holiday's name", 60),
    month: whole("the month", 1, 12),
    weekday: whole("the weekday (0 for Sunday)", 0, 6),
    nth: z.union([whole("which week", 1, 5), z.literal("last")]),
  }),
]);

const business = z.object({
  name: text("the business's name", 80),
  shortName: text("a short name", 40),
  legalName: text("the legal name", 100),
  tagline: text("a tagline", 160),
  founder: z.object({ name: text("the founder's name", 80), title: text("a title", 60) }),
  offerPhone: phoneText,
  address: z.object({
    locality: text("the town", 60),
    region: z.string().regex(/^[A-Z]{2}$/, "Enter the state as two capital letters, like PA."),
    country: z.literal("US"),
  }),
  carpetDryTime: text("how long carpets take to dry", 40),
  claims: z.object({
    support: text("the support claim", 20),
    yearsExperience: whole("the years of experience", 0, 200),
    satisfiedClients: whole("the number of clients", 0, 1_000_000),
    qualityGuarantee: text("the quality guarantee", 60),
    satisfactionGuarantee: text("the satisfaction guarantee", 60),
  }),
  certifications: lines("a certification", 60, { min: 1, max: 8 }),
});

/** How to reach the business: the quote form reads this group alone. */
const contact = z.object({
  phone: phoneText,
  email: z.email("Enter an e-mail address like hello@example.com.").max(254),
  responseTime: text("how soon you answer", 40),
});

const hours = z.object({
  week: z.object(
    Object.fromEntries(weekdays.map((name) => [name, day])) as Record<Weekday, typeof day>,
  ),
  holidays: z.array(holiday).max(20, "Give at most 20 holidays."),
});

const offer = z.object({
  enabled: z.boolean(),
  percentOff: whole("the percent off", 1, 100),
  terms: text("the offer's terms", 120),
});

const frequencyDiscount = z.object({
  "one-time": share("The one-time discount"),
  monthly: share("The monthly discount"),
  "bi-weekly": share("The bi-weekly discount"),
  weekly: share("The weekly discount"),
});

const prices = z.object({
  version: z.string().regex(/^[\w.-]{1,40}$/),
  currency: z.literal("USD"),
  range: z
    .object({
      low: z
        .number({ error: "Enter the low end as a percent." })
        .min(0.5, "The low end cannot be under half the price.")
        .max(1, "The low end cannot be above the price itself (100%)."),
      high: z
        .number({ error: "Enter the high end as a percent." })
        .min(1, "The high end cannot be under the price itself (100%).")
        .max(2, "The high end cannot be over twice the price."),
    })
    .refine((range) => range.low <= range.high, {
      message: "The low end of the range must not be above its high end.",
      path: ["low"],
    }),
  home: z.object({
    base: amount("The base price", 2_000),
    perBedroom: amount("The price per bedroom", 500),
    perBathroom: amount("The price per bathroom", 500),
    includedSquareFeet: whole("the square feet included", 0, 20_000),
    perExtraSquareFoot: amount("The price per extra square foot", 5),
    extraConditionSurcharge: share("The extra for a home that needs extra attention"),
    frequencyDiscount,
    minimum: amount("The minimum price", 2_000),
  }),
  business: z.object({
    perSquareFoot: amount("The price per square foot", 5),
    minimum: amount("The minimum price", 10_000),
    visitsPerWeekDiscount: z.array(share("A visits-per-week discount")).length(7),
  }),
  addOns: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/),
        label: text("the add-on's name", 60),
        price: amount("The add-on's price", 2_000),
        for: z.array(z.enum(["home", "business"])).min(1, "Choose homes, businesses or both."),
      }),
    )
    .max(20),
});

const zip = z.string().regex(/^\d{5}$/, "Enter ZIP codes of five digits.");

const townZips = z.object({
  zips: z.array(zip).min(1, "Give the town at least one ZIP code."),
  nearby: z.array(zip),
});

const area = z
  .object({
    "plymouth-meeting": townZips,
    "king-prussia": townZips,
    "west-chester": townZips,
    exton: townZips,
    berwyn: townZips,
  })
  .superRefine((towns, context) => {
    const seen = new Map<string, string>();
    for (const [slug, town] of Object.entries(towns)) {
      for (const code of [...town.zips, ...town.nearby]) {
        const first = seen.get(code);
        if (first && first !== slug)
          context.addIssue({
            code: "custom",
            message: `${code} is already listed under another town.`,
            path: [slug],
          });
        seen.set(code, slug);
      }
    }
  });

const review = z.object({
  name: text("the reviewer's name", 60),
  rating: whole("the rating", 1, 5),
  text: text("the review", 800),
  location: text("where they are", 60),
  service: text("the service", 60),
});

/** A list of the owner's texts, each different from the others (the pages key on them). */
const distinct = (
  what: string,
  max: number,
  count: number | { min: number; max: number },
  noun = "line",
) => {
  const bounds = typeof count === "number" ? { min: count, max: count } : count;
  const list = z.array(text(what, max));
  return (
    bounds.min === bounds.max
      ? list.length(bounds.min, `Give exactly ${bounds.min} ${plural(bounds.min, noun)}.`)
      : list
          .min(bounds.min, `Give at least ${bounds.min} ${plural(bounds.min, noun)}.`)
          .max(bounds.max, `Give at most ${bounds.max} ${plural(bounds.max, noun)}.`)
  ).refine(
    (items) => new Set(items).size === items.length,
    `Each ${noun} must be different from the others.`,
  );
};

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

/** A card: a heading and its text. */
const cards = (count: number | { min: number; max: number }) => {
  const bounds = typeof count === "number" ? { min: count, max: count } : count;
  const list = z.array(
    z.object({ title: text("the card's heading", 80), description: text("the card's text", 400) }),
  );
  return (
    bounds.min === bounds.max
      ? list.length(bounds.min, `Keep exactly ${bounds.min} ${plural(bounds.min, "card")}.`)
      : list
          .min(bounds.min, `Give at least ${bounds.min} ${plural(bounds.min, "card")}.`)
          .max(bounds.max, `Give at most ${bounds.max} ${plural(bounds.max, "card")}.`)
  ).refine(
    (cards) => new Set(cards.map((one) => one.title)).size === cards.length,
    "Give each card a different heading.",
  );
};

const heading = text("a heading", 80);
const searchTitle = text("the title search engines show", 80);
const searchDescription = text("the description search engines show", 200);
const keywords = distinct("a search keyword", 80, { min: 1, max: 12 }, "keyword");
const subtitle = text("the line under the heading", 300);

/**
 * Each town's page (its five service cards keep the names product.md gives them; the carpet
 * card states the drying time, so the page writes it around the Business fact).
 */
const townPage = z.object({
  county: text("the county", 60),
  tagline: subtitle,
  metaDescription: searchDescription,
  keywords,
  servicesIntro: text("the services intro", 400),
  services: z.object({
    residential: text("the Residential Cleaning card's text", 400),
    commercial: text("the Commercial Cleaning card's text", 400),
    "floor-wax": text("the Strip and Wax Floors card's text", 400),
    "post-construction": text("the Post-Construction Cleaning card's text", 400),
  }),
  whyChoose: cards(3),
  neighborhoods: distinct("a nearby area", 60, { min: 1, max: 10 }, "area"),
});

const serviceIntro = distinct("a paragraph", 1200, { min: 1, max: 3 }, "paragraph");
const servicePage = z.object({
  metaTitle: searchTitle,
  metaDescription: searchDescription,
  keywords,
  heroTitle: heading,
  heroSubtitle: subtitle,
  introTitle: heading,
  intro: serviceIntro,
  checklistTitle: heading,
  checklist: distinct("an item", 80, 8, "item"),
  benefitsTitle: heading,
  benefits: cards({ min: 2, max: 6 }),
  detailsTitle: heading,
  details: cards({ min: 2, max: 6 }),
  cta: z.object({ title: heading, text: text("the closing text", 400) }),
});

/** A page's steps keep the names product.md gives them: the owner writes what each one does. */
const process = (steps: number) =>
  z.object({
    title: heading,
    intro: text("the steps' intro", 400),
    steps: z.array(text("what the step does", 400)).length(steps, `Keep exactly ${steps} steps.`),
  });

/** The six cards on /services (names from product.md) and the five key features of each. */
const serviceCard = z.object({
  shortDesc: text("the card's line", 200),
  description: text("the text of the card's details", 600),
  features: distinct("a key feature", 80, 5, "feature"),
});

/**
 * What the pages say. The texts that state the carpet drying time or how soon the business answers
 * are not here: the page writes them around those Business facts, so changing a fact changes every
 * page that states it.
 */
const pages = z.object({
  towns: z.object({
    "plymouth-meeting": townPage,
    "king-prussia": townPage,
    "west-chester": townPage,
    exton: townPage,
    berwyn: townPage,
  }),
  services: z.object({
    "residential-cleaning": servicePage.extend({ cta: z.object({ title: heading }) }),
    "commercial-cleaning": servicePage.extend({ benefits: cards({ min: 1, max: 5 }) }),
    "janitorial-services": servicePage,
    "carpet-cleaning": servicePage.omit({ metaDescription: true, heroSubtitle: true }).extend({
      intro: distinct("a paragraph", 1200, { min: 1, max: 2 }, "paragraph"),
      benefits: cards({ min: 1, max: 5 }),
      process: process(3),
    }),
    "post-construction": servicePage.extend({ process: process(6) }),
    "floor-strip-wax": z.object({
      metaTitle: searchTitle,
      metaDescription: searchDescription,
      keywords,
      heroTitle: heading,
      heroSubtitle: subtitle,
      introTitle: heading,
      intro: text("the paragraph", 1200),
    }),
  }),
  serviceCards: z.object({
    janitorial: serviceCard,
    commercial: serviceCard,
    office: serviceCard,
    "post-construction": serviceCard,
    carpet: z.object({ features: distinct("a key feature", 80, 4, "feature") }),
    "floor-wax": serviceCard,
  }),
});
/** The owner's photo for one artwork slot (picture-files.ts names its files); absent: the illustration. */
const picture = z.object({
  picture: z.string().regex(pictureIdShape, "Upload the picture again."),
  alt: text("a few words saying what the picture shows, for people who cannot see it", 200),
  width: whole("the picture's width", 1, maxPictureSide),
  height: whole("the picture's height", 1, maxPictureSide),
});

const pictures = z.strictObject(
  Object.fromEntries(pictureSlots.map((slot) => [slot, picture.optional()])) as Record<
    PictureSlot,
    z.ZodOptional<typeof picture>
  >,
  { error: "Pictures can only go where the site has an illustration." },
);
// A version published before pictures could be uploaded has none: every slot its illustration.
const picturesGroup = pictures.default({});

export type OwnerPicture = z.infer<typeof picture>;

export const siteContentSchema = z.object({
  business,
  contact,
  hours,
  offer,
  prices,
  area,
  reviews: z.array(review).min(1, "Keep at least one review.").max(20, "Show at most 20 reviews."),
  pages,
  pictures: picturesGroup,
});

export type SiteContent = z.infer<typeof siteContentSchema>;
export type SiteContentInput = z.input<typeof siteContentSchema>;

export type ContentProblem = { path: string; message: string };

/** Checks a document; its problems keyed as the editor's field names ("contact.phone"). */
export function checkSiteContent(
  input: unknown,
): { ok: true; content: SiteContent } | { ok: false; problems: ContentProblem[] } {
  const result = siteContentSchema.safeParse(input);
  if (result.success) return { ok: true, content: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    })),
  };
}
