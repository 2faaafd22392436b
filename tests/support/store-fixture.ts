/**
 * A store with a row in every table, and everything the store reads back of it: what an upgrade
 * must keep. `fillStore` writes it through the store's own methods; `readStore` reads it all.
 *
 * The files in fixtures/ were made with the two stores written before the one store (decision
 * 0026), as main last had them (commit f6c2a60, with the build hook's calls and the pictures'
 * purge), by `tests/support/make-store-fixtures.ts` of commit 0ece9b8 run in a copy of that
 * commit; since removed (run here, it would make fixtures of today's store):
 * `store-before-0026.db` (SQLite, as `npm start` left it), `store-before-0026.pg.sql` (Postgres,
 * the rows those stores wrote in a database of supabase/migrations as they were then: pg_dump's
 * data of `public`, without lead_statuses, whose rows the migrations insert) and
 * `store-before-0026.json` (what those stores read of them). The upgrade tests open them with
 * the store of today and compare.
 */
import type { FunctionStore } from "../../functions/send-contact-email/function-store.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { resolveQuoteDetails } from "../../shared/quote/quote-details.ts";

const t0 = Date.parse("2026-11-20T15:00:00.000Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const pictureId = "0123456789abcdef0123456789abcdef";

function data(n: number, overrides: Record<string, string> = {}) {
  const result = validateContact({
    name: `Fixture ${n}`,
    email: `fixture${n}@example.org`,
    phone: `(484) 555-01${String(n).padStart(2, "0")}`,
    service: "residential",
    otherService: "",
    message: `Request ${n} before the one store.`,
    ...overrides,
  });
  if (!result.ok) throw new Error(`invalid fixture ${n}`);
  return result.data;
}

export async function fillStore(store: FunctionStore): Promise<void> {
  const submit = (n: number, extra: object = {}, overrides: Record<string, string> = {}) =>
    store.submit({
      id: id(n),
      data: data(n, overrides),
      fingerprint: `fixture-${n}`,
      receivedAt: at(n),
      dedupeWindowMs: 0,
      ...extra,
    });
  await submit(1);
  await submit(2, {
    details: resolveQuoteDetails(
      {
        zip: "19406",
        offer: "welcome-20",
        estimate: {
          kind: "home",
          bedrooms: 3,
          bathrooms: 2,
          squareFeet: 1800,
          condition: "routine",
          frequency: "bi-weekly",
          addOns: ["inside-oven"],
        },
        preferredWindows: [{ date: "2026-11-24", window: "morning" }],
      },
      repositoryFacts(),
    ),
    source: {
      landingPage: "/exton",
      referrer: "www.google.com",
      utm: { source: "google", medium: "cpc", campaign: "fall" },
    },
  });
  await submit(3, { status: "spam", spamReason: "the hidden field was filled" });
  await submit(4, {}, { service: "other", otherService: "Windows" });
  await submit(5, { details: resolveQuoteDetails({ zip: "19103" }, repositoryFacts()) });

  // Sent, then answered; one refused for good after one recipient accepted; one claimed.
  const deliveries = store.queue("deliveries");
  const claimed = await deliveries.claim(at(10), 10, 60_000);
  if (claimed.length !== 4) throw new Error(`claimed ${claimed.length}`);
  await deliveries.complete(id(1), at(11), { deliveredTo: "smtp:hello@example.com" });
  await deliveries.complete(id(2), at(11), {
    deliveredTo: "smtp:hello@example.com",
    deliveredRecipients: ["hello@example.com", "owner@example.com"],
  });
  await deliveries.giveUp(id(4), "550 mailbox unavailable", {
    deliveredRecipients: ["a@example.com"],
  });
  await deliveries.retry(id(5), "421 try later", at(30));
  await store.setStatus(id(1), "contacted", at(20));
  await store.setStatus(id(4), "lost", at(21));

  // A visit booked, its e-mail and the owner's notice; the visitor added an address.
  const booked = await store.changeRequest(
    id(2),
    {
      expectedSequence: 0,
      status: "booked",
      visit: { start: new Date("2026-12-01T14:00:00Z"), end: new Date("2026-12-01T16:00:00Z") },
      event: { actor: "owner", kind: "booked", details: { start: "2026-12-01T14:00:00.000Z" } },
      visitorEmail: (changed) => ({
        key: `visit:${changed.id}:${changed.visitSequence}`,
        kind: "visit",
        requestId: changed.id,
        recipient: changed.email,
        payload: { sequence: changed.visitSequence },
        createdAt: at(22),
      }),
    },
    at(22),
  );
  if (!booked.ok) throw new Error("not booked");
  await store.changeRequest(
    id(2),
    {
      serviceAddress: "12 Main St, Berwyn",
      event: { id: id(900), actor: "visitor", kind: "added-address" },
      notices: [
        {
          key: `visitor:${id(2)}:email`,
          channel: "email",
          requestId: id(2),
          notice: {
            kind: "visitor",
            title: "Address added",
            lines: ["12 Main St"],
            url: null,
            leads: [],
          },
          createdAt: at(23),
        },
      ],
    },
    at(23),
  );
  await store.enqueueVisitorEmail({
    key: `acknowledgement:${id(1)}`,
    kind: "acknowledgement",
    requestId: id(1),
    recipient: "fixture1@example.org",
    payload: {},
    createdAt: at(1),
  });
  await store.enqueueNotice({
    key: "digest:2026-11-20:email",
    channel: "email",
    requestId: null,
    notice: { kind: "digest", title: "Two waited", lines: ["a", "b"], url: null, leads: [] },
    createdAt: at(40),
  });
  const notices = store.queue("notices");
  await notices.claim(at(41), 1, 60_000);
  await notices.complete("digest:2026-11-20:email", at(42));

  // A follow-up sent, one stopped; an opt-out.
  const hash = "a".repeat(64);
  await store.enqueueFollowUp({
    key: `review:${id(1)}`,
    kind: "review",
    requestId: id(1),
    addressHash: hash,
    queuedStatus: "contacted",
    createdAt: at(50),
    dueAt: at(50),
  });
  await store.enqueueFollowUp({
    key: `follow-up:${id(4)}`,
    kind: "follow-up",
    requestId: id(4),
    addressHash: "b".repeat(64),
    queuedStatus: "lost",
    createdAt: at(51),
    dueAt: at(60),
  });
  const followUps = store.queue("followUps");
  await followUps.claim(at(52), 5, 60_000);
  await followUps.complete(`review:${id(1)}`, at(53));
  await store.stopFollowUp(`follow-up:${id(4)}`, "the status changed");
  await store.optOut("c".repeat(64), at(54));

  // The site's counts, two content versions (the second a restore), a picture.
  await store.addCount("2026-11-20", "/", "view");
  await store.addCount("2026-11-20", "/", "view");
  await store.addCount("2026-11-21", "/contact", "call");
  await store.publishContent({ document: { zebra: 1, apple: { b: 2, a: 1 } }, changes: ["First"] });
  await store.publishContent({ document: { apple: 3 }, changes: ["Back"], restoredFrom: 1 });
  await store.savePicture({
    id: pictureId,
    width: 1600,
    height: 1200,
    files: [
      {
        name: `${pictureId}-480.jpg`,
        type: "image/jpeg",
        bytes: Uint8Array.from([0, 1, 255, 254]),
      },
      { name: `${pictureId}-480.webp`, type: "image/webp", bytes: Uint8Array.from([9, 8, 7]) },
    ],
  });
  // The static host's build hook, called for each version: the first call's failure replaced.
  await store.recordHostCall({ version: 1, host: "api.netlify.com", ok: true, reason: null });
  await store.recordHostCall({ version: 2, host: "api.netlify.com", ok: false, reason: "502" });
  await store.recordHostCall({ version: 2, host: "api.netlify.com", ok: true, reason: null });
}

/** Everything the store reads of the filled store, in one JSON-shaped value. */
export async function readStore(store: FunctionStore) {
  const requests = await store.list();
  const ids = requests.map((request) => request.id);
  const pictures = await Promise.all(
    [`${pictureId}-480.jpg`, `${pictureId}-480.webp`].map(async (name) => {
      const file = await store.pictureFile(name);
      return file && { ...file, bytes: [...file.bytes] };
    }),
  );
  const content = await store.liveContent();
  return JSON.parse(
    JSON.stringify({
      requests,
      got: await Promise.all(ids.map((one) => store.get(one))),
      since: (await store.listSince(at(3))).map((request) => request.id),
      touched: (await store.listTouchedSince(at(15))).map((request) => request.id),
      visits: await store.listVisits(
        new Date("2026-11-30T00:00:00Z"),
        new Date("2026-12-02T00:00:00Z"),
      ),
      notices: await store.listNotices(),
      visitorEmails: await store.listVisitorEmails(),
      // Event ids are random but the one the visitor's change was given.
      events: (await store.listEvents(id(2))).map(({ id: eventId, ...event }) => ({
        ...event,
        id: eventId === id(900) ? eventId : "random",
      })),
      followUps: [...(await store.listFollowUps(id(1))), ...(await store.listFollowUps(id(4)))],
      sentTo: await store.followUpsSentTo("a".repeat(64), at(0)),
      optedOut: [await store.isOptedOut("c".repeat(64)), await store.isOptedOut("d".repeat(64))],
      counts: await store.countsBetween("2026-11-19", "2026-11-22"),
      // Published when the fixture was made: kept as it was, never compared to now.
      content: content && { ...content, publishedAt: "when published" },
      history: (await store.contentHistory(5)).map((version) => ({
        ...version,
        publishedAt: "when published",
      })),
      liveVersion: await store.liveContentVersion(),
      // Called when the fixture was made, like the versions' publishing.
      hostCalls: (await Promise.all([1, 2, 3].map((version) => store.hostCall(version)))).map(
        (call) => call && { ...call, calledAt: "when called" },
      ),
      pictures,
      storedPictures: [
        ...(await store.storedPictures()),
        await store.storedPicture(pictureId),
        await store.storedPicture("f".repeat(32)),
      ].map((picture) => picture && { ...picture, storedAt: "when stored" }),
      due: {
        deliveries: await store.queue("deliveries").nextDue(60_000),
        notices: await store.queue("notices").nextDue(60_000),
        visitorEmails: await store.queue("visitorEmails").nextDue(60_000),
        followUps: await store.queue("followUps").nextDue(60_000),
      },
    }),
  ) as unknown;
}
