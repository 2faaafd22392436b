/**
 * A busy year of the business for `npm run bench:store`: 20,000 quote requests spread over the
 * twelve months before `now` (most with a ZIP, some outside the area, half with where the visit
 * came from, one in twenty spam), every status the owner sets, and 2,000 booked visits made the
 * way the owner's Book button makes them (`changeRequest`). Deterministic: the same numbers make
 * the same rows.
 */
import type { FunctionStore, NewContactRequest } from "../../functions/send-contact-email/index.ts";
import { serviceOptions } from "../../shared/contact-fields.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { resolveQuoteDetails } from "../../shared/quote/quote-details.ts";

const facts = repositoryFacts();

const firstNames = ["Dana", "Lee", "Maria", "Sam", "Priya", "Tom", "Olga", "Kwame", "Ana", "Joe"];
const lastNames = ["Whitman", "Olsen", "Garcia", "Nguyen", "Kowalski", "Brown", "Patel", "Smith"];
const zips = ["19462", "19406", "19380", "19382", "19341", "19312", "19103", "19087"];
const sources = [
  { landingPage: "/", referrer: "www.google.com" },
  {
    landingPage: "/exton",
    referrer: null,
    utm: { source: "google", medium: "cpc", campaign: "fall" },
  },
  { landingPage: "/residential-cleaning", referrer: "www.facebook.com" },
  { landingPage: "/contact", referrer: null },
] as const;
const messages = [
  "Three bedrooms, two baths, we have a dog.",
  "Move-out cleaning, the oven needs attention.",
  "Office of 2,000 sq ft, weekly after 6 PM.",
  "Carpets in the living room and the stairs.",
];
const day = 86_400_000;

/** A small generator of the same numbers every run (mulberry32). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function seedInbox(
  store: FunctionStore,
  now: Date,
  { requests = 20_000, visits = 2_000, batch = 200 } = {},
): Promise<{ ids: string[] }> {
  const random = numbers(35);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const ids: string[] = [];
  for (let start = 0; start < requests; start += batch) {
    const group: NewContactRequest[] = [];
    for (let index = start; index < Math.min(requests, start + batch); index += 1) {
      const name = `${pick(firstNames)} ${pick(lastNames)}`;
      const service = pick(serviceOptions).value;
      const result = validateContact({
        name,
        email: `${name.toLowerCase().replace(" ", ".")}${index}@example.org`,
        phone: `(484) 555-${String(index % 10_000).padStart(4, "0")}`,
        service,
        otherService: service === "other" ? "Windows" : "",
        message: `${pick(messages)} Request ${index}.`,
      });
      if (!result.ok) throw new Error(`invalid seed: ${JSON.stringify(result.fields)}`);
      const id = crypto.randomUUID();
      ids.push(id);
      group.push({
        id,
        data: result.data,
        fingerprint: id,
        // Newest last, a request every half hour or so over the year.
        receivedAt: new Date(now.getTime() - ((requests - index) / requests) * 365 * day),
        dedupeWindowMs: 0,
        details: random() < 0.8 ? resolveQuoteDetails({ zip: pick(zips) }, facts) : undefined,
        source: random() < 0.5 ? pick(sources) : undefined,
        ...(random() < 0.05 ? { status: "spam" as const, spamReason: "a web link" } : {}),
      });
    }
    await Promise.all(group.map((request) => store.submit(request)));
  }
  // The owner's answers: a third contacted, some won or lost (never the spam).
  const statuses = ["contacted", "won", "lost"] as const;
  for (let start = 0; start < ids.length; start += batch) {
    await Promise.all(
      ids.slice(start, start + batch).map((id, offset) => {
        const roll = random();
        if (roll > 0.45 || (start + offset) % 20 === 0) return null;
        return store.setStatus(id, pick(statuses), now);
      }),
    );
  }
  // Booked visits: every tenth request, a two-hour visit two weeks after it came in.
  const booked = ids.filter((_, index) => index % Math.floor(ids.length / visits) === 5);
  for (let start = 0; start < Math.min(visits, booked.length); start += batch) {
    await Promise.all(
      booked.slice(start, Math.min(visits, start + batch)).map(async (id) => {
        const request = await store.get(id);
        if (!request) return;
        const begin = new Date(Date.parse(request.createdAt) + 14 * day);
        await store.changeRequest(
          id,
          {
            status: "booked",
            visit: { start: begin, end: new Date(begin.getTime() + 2 * 3_600_000) },
            event: { actor: "owner", kind: "booked" },
          },
          now,
        );
      }),
    );
  }
  return { ids };
}
