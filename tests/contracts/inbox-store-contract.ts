/**
 * The behaviour every InboxStore must have (store/inbox-store.ts), run on SQLite
 * (sqlite-store.test.ts) and on a real Postgres (postgres-store.test.ts): the store's query selects
 * what `npm run leads` selects from the whole list in memory (leads/lead-filters.ts), for every
 * filter alone and together, counted and paged the same.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FunctionStore } from "../../functions/send-contact-email/function-store.ts";
import {
  filterLeads,
  matchesSearch,
  parseLeadFilter,
} from "../../functions/send-contact-email/leads/lead-filters.ts";
import { toLead } from "../../functions/send-contact-email/leads/lead-formats.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { resolveQuoteDetails } from "../../shared/quote/quote-details.ts";
import { storeSample } from "../support/samples.ts";

const now = new Date("2026-11-25T15:00:00.000Z");
const day = 86_400_000;

/** Every kind of request a filter tells apart: statuses, spam of each kind, services, towns, sources. */
async function fill(store: FunctionStore) {
  const add = (daysAgo: number, fields: object, extra: object = {}) =>
    storeSample(store, new Date(now.getTime() - daysAgo * day), fields, extra);
  const zip = (code: string) => ({
    details: resolveQuoteDetails({ zip: code }, repositoryFacts()),
  });
  const google = {
    landingPage: "/exton",
    referrer: null,
    utm: { source: "google", medium: "cpc" },
  };
  const ids = {
    dana: await add(1, { name: "Dana Whitfield", phone: "(484) 555-0142" }, zip("19406")),
    sam: await add(
      2,
      { name: "Sam Ortiz", service: "residential" },
      { ...zip("19103"), source: google },
    ),
    ana: await add(3, { name: "Ana Lee", service: "other", otherService: "Windows" }),
    joe: await add(9, { name: "Joe Brown", message: "The oven, please." }, zip("19312")),
    kim: await add(12, { name: "Kim Dana", email: "kim@dana.example" }, zip("19462")),
    bot: await add(4, { name: "Robo Bot" }, { status: "spam", spamReason: "a web link" }),
    marked: await add(5, { name: "Marked Unsent" }, zip("19406")),
    mailed: await add(6, { name: "Marked Mailed" }),
    old: await add(40, { name: "Olga Old", service: "residential" }, zip("19103")),
    older: await add(200, { name: "Tom Older" }, zip("19406")),
  };
  await store.setStatus(ids.joe, "won", now);
  await store.setStatus(ids.kim, "lost", now);
  await store.setStatus(ids.old, "contacted", now);
  const deliveries = store.queue("deliveries");
  const claimed = await deliveries.claim(now, 100, 60_000);
  for (const job of claimed) if (job.id !== ids.marked) await deliveries.complete(job.id, now);
  await store.setStatus(ids.marked, "spam", now);
  await store.setStatus(ids.mailed, "spam", now);
  const visit = {
    start: new Date(now.getTime() + day),
    end: new Date(now.getTime() + day + 7_200_000),
  };
  await store.changeRequest(
    ids.ana,
    { status: "booked", visit, event: { actor: "owner", kind: "booked" } },
    now,
  );
}

const filters: Parameters<typeof parseLeadFilter>[0][] = [
  {},
  { all: true },
  ...["new", "contacted", "booked", "won", "lost", "spam"].map((status) => ({ status })),
  { status: "won,lost,booked" },
  { service: "residential" },
  { service: "carpet,other" },
  { since: "7d" },
  { since: "30d" },
  { since: "2026-11-20" },
  { town: "King of Prussia" },
  { town: "berwyn" },
  { town: "outside" },
  { town: "none" },
  { town: "Nowhere" },
  { search: "dana" },
  { search: "484-555-0142" },
  { search: "google" },
  { search: "Other: Windows" },
  { search: "OVEN" },
  { town: "outside", search: "sam" },
  { town: "outside", search: "dana" },
  { status: "spam", search: "marked", all: true },
  { all: true, service: "carpet", since: "30d", town: "none" },
];

export function describeInboxStoreContract(name: string, open: () => Promise<FunctionStore>) {
  describe(`${name}: the InboxStore contract`, () => {
    let store: FunctionStore;
    beforeEach(async () => {
      store = await open();
      await fill(store);
      return () => store.close();
    });

    it("selects what npm run leads selects, for every filter alone and together", async () => {
      const everything = (await store.list()).map(toLead);
      for (const options of filters) {
        const { search, ...filter } = parseLeadFilter(options, now);
        const expected = filterLeads(everything, { ...filter, search }).map((lead) => lead.id);
        const selected = await store.selectRequests(
          {
            ...filter,
            matches: search ? (request) => matchesSearch(toLead(request), search) : undefined,
          },
          { offset: 0, limit: 100 },
        );
        const what = JSON.stringify(options);
        expect(
          selected.requests.map((request) => request.id),
          what,
        ).toEqual(expected);
        expect(selected.total, what).toBe(expected.length);
      }
    });

    it("counts them all and pages them newest first, with or without a search", async () => {
      const { search: _none, ...filter } = parseLeadFilter({ all: true }, now);
      const all = (await store.list()).map((request) => request.id);
      const page = await store.selectRequests(filter, { offset: 3, limit: 4 });
      expect(page).toMatchObject({ total: all.length });
      expect(page.requests.map((request) => request.id)).toEqual(all.slice(3, 7));
      expect(await store.selectRequests(filter, { offset: 0, limit: 0 })).toEqual({
        total: all.length,
        requests: [],
      });
      const searched = await store.selectRequests(
        { ...filter, matches: (request) => request.name.includes("a") },
        { offset: 1, limit: 2 },
      );
      const named = (await store.list()).filter((request) => request.name.includes("a"));
      expect(searched.total).toBe(named.length);
      expect(searched.requests.map((request) => request.id)).toEqual(
        named.slice(1, 3).map((request) => request.id),
      );
    });
  });
}
