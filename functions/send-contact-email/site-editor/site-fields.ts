/**
 * The editor's forms as the owner thinks of the site (Business, Phone & e-mail, Hours, Welcome
 * offer, Prices, Service area, Reviews), each field named by its path in the content document
 * (`contact.phone`, `reviews.2.text`), and how a posted form becomes a document again: the group's
 * fields over the live version, numbers and yes/no by the field's kind. The schema
 * (shared/content/site-content.ts) checks the result; nothing here decides what is valid.
 *
 * A form's values travel as the text the owner typed (`Values`), so a refused form comes back
 * exactly as it was sent, and lists (reviews, holidays, add-ons) are rows numbered from 0 with a
 * "Remove" box each and one blank row to add: plain HTML, no script.
 */
import { contentLabels } from "../../../shared/content/content-changes.ts";
import { valueAt } from "../../../shared/content/document-path.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { weekdays } from "../../../shared/content/site-content.ts";

export type Choice = { value: string; label: string };

export type FieldKind =
  | "text"
  | "textarea"
  | "tel"
  | "email"
  | "whole"
  | "dollars"
  | "percent"
  | "checkbox"
  | "select"
  | "lines"
  | "codes"
  | "hidden";

export type Field = {
  /** Its path in the document; in a list, its key within the row ("name", "for.home"). */
  path: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  choices?: readonly Choice[];
  /** A select whose values are numbers (a rating, a month). */
  numeric?: boolean;
  /** A select whose values are yes/no. */
  yesNo?: boolean;
  /** Shown before the box ("$") or after it ("%"): what the number is in. */
  unit?: "$" | "%";
  /**
   * The start of `label` that the fieldset's legend already says ("Saturday: "): read to screen
   * readers and in the problems' list, not shown beside the field.
   */
  said?: string;
  /** A box of the form only, never written into the document ("Same hours as Monday"). */
  formOnly?: boolean;
};

export type Fieldset = { legend: string; hint?: string; fields: Field[] };

export type ListSpec = {
  path: string;
  legend: string;
  /** Said once under the legend, for every row. */
  hint?: string;
  /** One row's name, "Review 2". */
  item: string;
  fields: Field[];
  /** The values of the blank row that adds one. */
  blank: Values;
  /** A row of the document as the form's values, keyed as `fields`. */
  toRow(item: unknown): Values;
  /** A row the owner sent, as the document's item (the schema checks it). */
  fromRow(row: Values, index: number, rows: Values[]): unknown;
};

export const groupSlugs = [
  "business",
  "contact",
  "hours",
  "offer",
  "prices",
  "area",
  "reviews",
] as const;
export type GroupSlug = (typeof groupSlugs)[number];

export type Group = {
  /** Its path under …/site: a group's slug, or `pages/<page>` for one page of the Pages group. */
  slug: string;
  title: string;
  /** One line on the editor's home: what the group holds. */
  summary: string;
  sets: Fieldset[];
  lists: ListSpec[];
  /** The pages that show this group, for the preview; the first is the default. */
  pages: readonly Choice[];
  /** Anything the group's fields imply beyond their own paths (the price list's version). */
  settle?(next: SiteContent, live: SiteContent, now: Date): void;
  /** The values as sent, made whole (a day "same hours as Monday" takes Monday's hours). */
  complete?(values: Values): void;
  /** A class for the form, for a layout of its own (the week's days in short rows). */
  layout?: string;
};

/** What a form holds: the owner's text by field name ("reviews.2.text"). */
export type Values = Record<string, string>;

const label = (path: string, fallback: string) => contentLabels[path] ?? fallback;
const field = (path: string, kind: FieldKind, words?: string, more: Partial<Field> = {}) => ({
  path,
  kind,
  label: words ?? label(path, path),
  ...more,
});

const everyPage: Choice[] = [
  { value: "/", label: "Home" },
  { value: "/contact", label: "Contact (the quote form)" },
  { value: "/about", label: "About" },
  { value: "/services", label: "Services" },
  { value: "/exton", label: "Exton" },
  { value: "/residential-cleaning", label: "Residential cleaning" },
];
const townPages: Choice[] = [
  { value: "/plymouth-meeting", label: "Plymouth Meeting" },
  { value: "/king-prussia", label: "King of Prussia" },
  { value: "/west-chester", label: "West Chester" },
  { value: "/exton", label: "Exton" },
  { value: "/berwyn", label: "Berwyn" },
];
const towns: ReadonlyArray<readonly [keyof SiteContent["area"], string]> = [
  ["plymouth-meeting", "Plymouth Meeting"],
  ["king-prussia", "King of Prussia"],
  ["west-chester", "West Chester"],
  ["exton", "Exton"],
  ["berwyn", "Berwyn"],
];

const dayNames: Record<(typeof weekdays)[number], string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** Every half hour of a working day, as the hours' selects offer them. */
const times: Choice[] = Array.from({ length: 38 }, (_, index) => {
  const minutes = 5 * 60 + index * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
  const hour = Math.floor(minutes / 60) % 12 || 12;
  const words = `${hour}:${minutes % 60 === 0 ? "00" : "30"} ${minutes < 12 * 60 ? "AM" : "PM"}`;
  return { value, label: words };
});

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
].map((name, index) => ({ value: String(index + 1), label: name }));
const sundayFirst = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
/** A share (0.15) as the percent the owner reads (15), without binary noise. */
const percentText = (value: unknown) =>
  typeof value === "number" ? String(Math.round(value * 10_000) / 100) : text(value);

const holidays: ListSpec = {
  path: "hours.holidays",
  legend: "Closed days and holidays",
  hint: "Each is a date (July 4: July, day 4) or a weekday in its month (Memorial Day: May, Monday, Last; leave Day empty).",
  item: "Holiday",
  fields: [
    field("name", "text", "Name of the day"),
    field("month", "select", "Month", { choices: months, numeric: true }),
    field("day", "whole", "Day"),
    field("weekday", "select", "Or a weekday", {
      choices: [
        { value: "", label: "(a date)" },
        ...sundayFirst.map((name, index) => ({ value: String(index), label: name })),
      ],
    }),
    field("nth", "select", "Which one", {
      choices: [
        { value: "", label: "(a date)" },
        { value: "1", label: "First" },
        { value: "2", label: "Second" },
        { value: "3", label: "Third" },
        { value: "4", label: "Fourth" },
        { value: "5", label: "Fifth" },
        { value: "last", label: "Last" },
      ],
    }),
  ],
  blank: { name: "", month: "1", day: "", weekday: "", nth: "" },
  toRow(item) {
    const holiday = item as Record<string, unknown>;
    return {
      name: text(holiday.name),
      month: text(holiday.month),
      day: text(holiday.day),
      weekday: text(holiday.weekday),
      nth: text(holiday.nth),
    };
  },
  fromRow(row) {
    const month = wholeNumber(row.month ?? "");
    if ((row.day ?? "").trim() !== "" || (row.weekday ?? "") === "")
      return { name: row.name ?? "", month, day: wholeNumber(row.day ?? "") };
    return {
      name: row.name ?? "",
      month,
      weekday: wholeNumber(row.weekday ?? ""),
      nth: row.nth === "last" ? "last" : wholeNumber(row.nth ?? ""),
    };
  },
};

const addOns: ListSpec = {
  path: "prices.addOns",
  legend: "Add-ons",
  item: "Add-on",
  fields: [
    field("id", "hidden", "Id"),
    field("label", "text", "Name"),
    field("price", "dollars", "Price", { unit: "$" }),
    field("for.home", "checkbox", "For homes"),
    field("for.business", "checkbox", "For businesses"),
  ],
  blank: { id: "", label: "", price: "", "for.home": "on", "for.business": "" },
  toRow(item) {
    const addOn = item as { id: string; label: string; price: number; for: string[] };
    return {
      id: addOn.id,
      label: addOn.label,
      price: text(addOn.price),
      "for.home": addOn.for.includes("home") ? "on" : "",
      "for.business": addOn.for.includes("business") ? "on" : "",
    };
  },
  fromRow(row, index, rows) {
    return {
      id: row.id || newId(row.label ?? "", index, rows),
      label: row.label ?? "",
      price: amount(row.price ?? ""),
      for: [...(row["for.home"] ? ["home"] : []), ...(row["for.business"] ? ["business"] : [])],
    };
  },
};

/** A new add-on's id, from its name: kept with estimates, so it never changes once given. */
function newId(name: string, index: number, rows: Values[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32) || "add-on";
  const taken = new Set(rows.filter((_, other) => other !== index).map((row) => row.id));
  return taken.has(base) ? `${base}-${index + 1}` : base;
}

const reviews: ListSpec = {
  path: "reviews",
  legend: "Reviews",
  item: "Review",
  fields: [
    field("name", "text", "Reviewer's name"),
    field("location", "text", "Where they are", { hint: "For example: Exton, PA" }),
    field("service", "text", "Service they had", { hint: "For example: Carpet Cleaning" }),
    field("rating", "select", "Rating", {
      numeric: true,
      choices: [5, 4, 3, 2, 1].map((stars) => ({
        value: String(stars),
        label: `${stars} star${stars === 1 ? "" : "s"}`,
      })),
    }),
    field("text", "textarea", "What they said"),
  ],
  blank: { name: "", location: "", service: "", rating: "5", text: "" },
  toRow(item) {
    const review = item as Record<string, unknown>;
    return {
      name: text(review.name),
      location: text(review.location),
      service: text(review.service),
      rating: text(review.rating),
      text: text(review.text),
    };
  },
  fromRow(row) {
    return {
      name: row.name ?? "",
      location: row.location ?? "",
      service: row.service ?? "",
      rating: wholeNumber(row.rating ?? ""),
      text: row.text ?? "",
    };
  },
};

/** The part of a label its fieldset's legend already says: "Home: " under "Homes". */
const saidBefore = (words: string) => /^[^:]+: /.exec(words)?.[0];
const percent = (path: string, words?: string, more: Partial<Field> = {}) => {
  const made = field(path, "percent", words, { unit: "%", ...more });
  return { ...made, said: saidBefore(made.label) };
};
const dollars = (path: string, more: Partial<Field> = {}) => {
  const made = field(path, "dollars", undefined, { unit: "$", ...more });
  return { ...made, said: saidBefore(made.label) };
};

/** Every day but Monday: each may take Monday's hours with one box. */
const afterMonday = weekdays.filter((day) => day !== "monday");
const sameAsMonday = (day: string) => `hours.week.${day}.sameAsMonday`;
const dayParts = ["open", "opens", "closes"] as const;

export const groups: Record<GroupSlug, Group> = {
  business: {
    slug: "business",
    title: "Business",
    summary: "Your name and the line under it, founder, town, what you promise, certifications.",
    sets: [
      {
        legend: "Names",
        fields: [
          field("business.name", "text"),
          field("business.shortName", "text", undefined, {
            hint: "Where the full name does not fit, like a phone's home screen.",
          }),
          field("business.legalName", "text", undefined, {
            hint: "As registered, for the copyright line at the bottom of each page.",
          }),
          field("business.tagline", "textarea", undefined, {
            hint: "One line that says what you do, under your name.",
          }),
          field("business.founder.name", "text"),
          field("business.founder.title", "text", undefined, { hint: "For example: Owner" }),
        ],
      },
      {
        legend: "Where you are",
        fields: [
          field("business.address.locality", "text"),
          field("business.address.region", "text", undefined, { hint: "Two letters, like PA." }),
        ],
      },
      {
        legend: "What you promise",
        fields: [
          field("business.claims.support", "text", undefined, { hint: "For example: 24/7" }),
          field("business.claims.yearsExperience", "whole"),
          field("business.claims.satisfiedClients", "whole"),
          field("business.claims.qualityGuarantee", "text"),
          field("business.claims.satisfactionGuarantee", "text"),
          field("business.carpetDryTime", "text", undefined, { hint: "For example: 4 to 6 hours" }),
          field("business.certifications", "lines", undefined, { hint: "One per line." }),
        ],
      },
    ],
    lists: [],
    pages: [...everyPage],
  },
  contact: {
    slug: "contact",
    title: "Phone & e-mail",
    summary: "The main phone, the Call Now phone, the e-mail and how soon you answer.",
    sets: [
      {
        legend: "How customers reach you",
        fields: [
          field("contact.phone", "tel", undefined, { hint: "Ten digits, like (484) 555-0142." }),
          field("business.offerPhone", "tel"),
          field("contact.email", "email"),
          field("contact.responseTime", "text", undefined, { hint: "For example: 24 hours" }),
        ],
      },
    ],
    lists: [],
    pages: [...everyPage],
  },
  hours: {
    slug: "hours",
    title: "Hours",
    summary: "Opening hours for each day, closed days and holidays.",
    layout: "week",
    sets: weekdays.map((day) => ({
      legend: dayNames[day],
      hint:
        day === "monday"
          ? "Each other day has a box “Same hours as Monday”: ticked, that day takes Monday's hours when you publish."
          : undefined,
      fields: [
        ...(day === "monday"
          ? []
          : [
              field(sameAsMonday(day), "checkbox", `${dayNames[day]}: same hours as Monday`, {
                formOnly: true,
                said: `${dayNames[day]}: `,
              }),
            ]),
        field(`hours.week.${day}.open`, "select", `${dayNames[day]}: open or closed`, {
          yesNo: true,
          said: `${dayNames[day]}: `,
          choices: [
            { value: "true", label: "Open" },
            { value: "false", label: "Closed" },
          ],
        }),
        field(`hours.week.${day}.opens`, "select", `${dayNames[day]}: opens at`, {
          choices: times,
          said: `${dayNames[day]}: `,
        }),
        field(`hours.week.${day}.closes`, "select", `${dayNames[day]}: closes at`, {
          choices: times,
          said: `${dayNames[day]}: `,
        }),
      ],
    })),
    lists: [holidays],
    pages: [{ value: "/contact", label: "Contact (the quote form)" }, ...everyPage],
    complete(values) {
      // A ticked day takes Monday's hours as sent, whatever its own boxes say.
      for (const day of afterMonday)
        if (values[sameAsMonday(day)])
          for (const part of dayParts)
            values[`hours.week.${day}.${part}`] = values[`hours.week.monday.${part}`] ?? "";
    },
  },
  offer: {
    slug: "offer",
    title: "Welcome offer",
    summary: "The discount for new customers: on or off, how much, and its terms.",
    sets: [
      {
        legend: "Welcome offer",
        fields: [
          field("offer.enabled", "checkbox", "Show the welcome offer"),
          field("offer.percentOff", "whole", "Discount", { unit: "%" }),
          field("offer.terms", "text", undefined, { hint: "The small print under the offer." }),
        ],
      },
    ],
    lists: [],
    pages: [...everyPage],
  },
  prices: {
    slug: "prices",
    title: "Prices",
    summary: "The price list the estimate on the quote form uses.",
    sets: [
      {
        legend: "The estimate's range",
        hint: "The quote form shows a range, not one price: for example from 90% to 115% of the price worked out below.",
        fields: [percent("prices.range.low"), percent("prices.range.high")],
      },
      {
        legend: "Homes",
        fields: [
          dollars("prices.home.base", { hint: "Before bedrooms, bathrooms and extras." }),
          dollars("prices.home.perBedroom"),
          dollars("prices.home.perBathroom"),
          {
            ...field("prices.home.includedSquareFeet", "whole"),
            said: "Home: ",
            hint: "The starting price covers a home up to this size.",
          },
          dollars("prices.home.perExtraSquareFoot"),
          percent("prices.home.extraConditionSurcharge", undefined, {
            hint: "Added when the visitor ticks “Needs extra attention” on the quote form.",
          }),
          percent("prices.home.frequencyDiscount.one-time"),
          percent("prices.home.frequencyDiscount.monthly"),
          percent("prices.home.frequencyDiscount.bi-weekly"),
          percent("prices.home.frequencyDiscount.weekly"),
          dollars("prices.home.minimum", { hint: "No home estimate goes below this." }),
        ],
      },
      {
        legend: "Businesses",
        fields: [
          dollars("prices.business.perSquareFoot"),
          dollars("prices.business.minimum", { hint: "No business estimate goes below this." }),
          ...Array.from({ length: 7 }, (_, index) =>
            percent(
              `prices.business.visitsPerWeekDiscount.${index}`,
              `Business: discount at ${index + 1} visit${index === 0 ? "" : "s"} a week`,
            ),
          ),
        ],
      },
    ],
    lists: [addOns],
    pages: [{ value: "/contact", label: "Contact (the quote form)" }],
    settle(next, live, now) {
      // Each estimate keeps the version of the price list it was made with: a changed list is a
      // new version, so an old estimate is never read against new prices.
      const { version: _liveVersion, ...liveRest } = live.prices;
      const { version: _nextVersion, ...nextRest } = next.prices;
      if (JSON.stringify(liveRest) !== JSON.stringify(nextRest))
        next.prices.version = `edited-${now.toISOString().slice(0, 16).replace(/[:T]/g, "-")}`;
    },
  },
  area: {
    slug: "area",
    title: "Service area",
    summary: "The ZIP codes of each town you serve.",
    sets: towns.map(([slug, name]) => ({
      legend: name,
      fields: [
        field(`area.${slug}.zips`, "codes", `${name}: ZIP codes`, {
          hint: "Five digits each, separated by spaces or commas.",
          said: `${name}: `,
        }),
        field(`area.${slug}.nearby`, "codes", `${name}: nearby ZIP codes also served`, {
          said: `${name}: `,
        }),
      ],
    })),
    lists: [],
    pages: townPages,
  },
  reviews: {
    slug: "reviews",
    title: "Reviews",
    summary: "What customers said: name, town, rating and words.",
    sets: [],
    lists: [reviews],
    pages: [
      { value: "/", label: "Home" },
      { value: "/about", label: "About" },
    ],
  },
};

export function isGroupSlug(value: string): value is GroupSlug {
  return (groupSlugs as readonly string[]).includes(value);
}

/** Every field's label by its name: the problems' summary and the messages beside fields. */
export function fieldsOf(group: Group, values: Values): { name: string; label: string }[] {
  const named = group.sets.flatMap((set) =>
    set.fields.map((one) => ({ name: one.path, label: one.label })),
  );
  for (const list of group.lists)
    for (let index = 0; index < rowCount(list, values) + 1; index += 1)
      for (const one of list.fields)
        if (one.kind !== "hidden")
          named.push({
            name: `${list.path}.${index}.${one.path}`,
            label: `${list.item} ${index + 1}: ${one.label}`,
          });
  return named;
}

/** The rows a list has in `values` (numbered from 0 without gaps). */
export function rowCount(list: ListSpec, values: Values): number {
  let count = 0;
  while (list.fields.some((one) => `${list.path}.${count}.${one.path}` in values)) count += 1;
  return count;
}

function write(document: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let here = document as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    const next = here[key];
    if (next === null || typeof next !== "object") here[key] = {};
    here = here[key] as Record<string, unknown>;
  }
  here[keys.at(-1) as string] = value;
}

function shownValue(one: Field, value: unknown): string {
  switch (one.kind) {
    case "checkbox":
      return value ? "on" : "";
    case "percent":
      return percentText(value);
    case "lines":
      return Array.isArray(value) ? value.join("\n") : text(value);
    case "codes":
      return Array.isArray(value) ? value.join(" ") : text(value);
    default:
      return text(value);
  }
}

/** The form's values for a group, from a document (the live one). */
export function groupValues(group: Group, document: SiteContent): Values {
  const values: Values = {};
  for (const set of group.sets)
    for (const one of set.fields)
      if (!one.formOnly) values[one.path] = shownValue(one, valueAt(document, one.path));
  // A closed day keeps offering the usual times, so opening it again is one choice.
  if (group.slug === "hours") {
    for (const day of weekdays) {
      values[`hours.week.${day}.opens`] ||= "08:00";
      values[`hours.week.${day}.closes`] ||= "17:00";
    }
    // A day with Monday's hours is shown as one ticked box.
    for (const day of afterMonday)
      values[sameAsMonday(day)] = dayParts.every(
        (part) => values[`hours.week.${day}.${part}`] === values[`hours.week.monday.${part}`],
      )
        ? "on"
        : "";
  }
  for (const list of group.lists) {
    const items = valueAt(document, list.path);
    (Array.isArray(items) ? items : []).forEach((item, index) => {
      for (const [key, value] of Object.entries(list.toRow(item)))
        values[`${list.path}.${index}.${key}`] = value;
    });
  }
  return values;
}

/**
 * The group's values as sent: every field of the group (an unticked box is not sent: off), the
 * lists' rows in order without those marked "Remove" nor a blank one, numbered again from 0.
 */
export function readGroupForm(group: Group, form: URLSearchParams): Values {
  const values: Values = {};
  for (const set of group.sets)
    for (const one of set.fields)
      values[one.path] =
        one.kind === "checkbox" ? (form.has(one.path) ? "on" : "") : (form.get(one.path) ?? "");
  for (const list of group.lists) {
    const indexes = new Set<number>();
    const rowName = new RegExp(`^${list.path.replace(/\./g, "\\.")}\\.(\\d{1,3})\\.`);
    for (const name of form.keys()) {
      const match = rowName.exec(name);
      if (match) indexes.add(Number(match[1]));
    }
    let kept = 0;
    for (const index of [...indexes].sort((a, b) => a - b)) {
      const at = (key: string) => form.get(`${list.path}.${index}.${key}`);
      if (at("remove") !== null) continue;
      const typed = list.fields.filter((one) => ["text", "textarea", "dollars"].includes(one.kind));
      if (typed.every((one) => (at(one.path) ?? "").trim() === "")) continue;
      for (const one of list.fields)
        values[`${list.path}.${kept}.${one.path}`] =
          one.kind === "checkbox" ? (at(one.path) !== null ? "on" : "") : (at(one.path) ?? "");
      kept += 1;
    }
  }
  group.complete?.(values);
  return values;
}

/** A number the schema checks, or what it cannot read as one (it says so in words). */
function numberOrText(raw: string): number | string | undefined {
  const trimmed = raw.trim().replace(/^\$/, "").replace(/,/g, "");
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : raw;
}
const wholeNumber = (raw: string) => numberOrText(raw);
const amount = (raw: string) => numberOrText(raw);

function documentValue(one: Field, raw: string): unknown {
  switch (one.kind) {
    case "checkbox":
      return raw !== "";
    case "whole":
    case "dollars":
      return numberOrText(raw);
    case "percent": {
      const value = numberOrText(raw.replace(/%\s*$/, ""));
      return typeof value === "number" ? Math.round(value * 100) / 10_000 : value;
    }
    case "lines":
      return raw
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
    case "codes":
      return raw.split(/[\s,;]+/).filter(Boolean);
    case "select":
      if (one.yesNo) return raw === "true";
      return one.numeric ? numberOrText(raw) : raw;
    default:
      return raw;
  }
}

/** The live document with the group's values in place: what the schema is asked to check. */
export function applyGroup(group: Group, live: SiteContent, values: Values): unknown {
  const next = structuredClone(live) as unknown;
  for (const set of group.sets)
    for (const one of set.fields)
      if (!one.formOnly) write(next, one.path, documentValue(one, values[one.path] ?? ""));
  for (const list of group.lists) {
    const rows: Values[] = [];
    for (let index = 0; index < rowCount(list, values); index += 1)
      rows.push(
        Object.fromEntries(
          list.fields.map((one) => [one.path, values[`${list.path}.${index}.${one.path}`] ?? ""]),
        ),
      );
    write(
      next,
      list.path,
      rows.map((row, index) => list.fromRow(row, index, rows)),
    );
  }
  return next;
}

/**
 * The field a problem of the schema belongs to: its own, the field of a list's row or a town's
 * codes it is inside, or the first field of the part it names ("area.exton").
 */
export function fieldFor(path: string, names: readonly string[]): string | null {
  if (names.includes(path)) return path;
  const inside = names
    .filter((name) => path.startsWith(`${name}.`))
    .sort((a, b) => b.length - a.length)[0];
  if (inside) return inside;
  return names.find((name) => name.startsWith(`${path}.`)) ?? null;
}
