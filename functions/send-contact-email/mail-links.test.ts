/**
 * The link rule, held for every e-mail the function writes (docs/owner.md, "Your inbox"): an
 * e-mail whose reply reaches anyone but the business carries no link that opens more than that
 * person's own request. Most mail apps quote the whole message in a reply, so a link in the new
 * request's e-mail (Reply-To the visitor) is a link the visitor can be handed back: the inbox
 * (every customer, a CSV, the editor) must never be one of them. The inbox link goes only in
 * e-mails addressed to the business with the business as Reply-To.
 *
 * Two halves: the e-mails of a real walk through the assembled function (a request, the visitor's
 * change, a booking), and every other composer called directly with every link it can carry. A
 * last check finds every composer in the source, so a new kind of e-mail cannot skip the rule.
 */

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { repositoryFacts } from "../../shared/content/facts.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import { validRequest } from "../../tests/integration/support/requests.ts";
import { testStore } from "../../tests/support/stores.ts";
import { parseContactConfig } from "./base/config.ts";
import type { LeadView } from "./base/lead-view.ts";
import { silentLogger } from "./base/log.ts";
import { visitorActionNotices } from "./booking/visitor-action-notices.ts";
import {
  composeAcknowledgement,
  composePlanEmail,
  composeReminder,
  composeVisitEmail,
} from "./booking/visitor-emails.ts";
import { type ContactFunction, createContactFunction } from "./contact-function.ts";
import { composeFollowUpEmail } from "./follow-ups/follow-up-email.ts";
import { toLead } from "./leads/lead-formats.ts";
import { periodStats } from "./leads/lead-stats.ts";
import { lastWeek } from "./leads/stats-periods.ts";
import { inboxPageUrl, leadPageUrl, sitePageUrl, visitorPageUrl } from "./links/page-urls.ts";
import { createLinkSigner } from "./links/signed-links.ts";
import {
  type ContactEmail,
  composeContactEmail,
  composeDigestEmail,
  composeFailureNotice,
} from "./mail/email.ts";
import { alertNotice, digestNotice, reminderNotice, weeklyNotice } from "./owner/notice.ts";
import { composeNoticeEmail } from "./owner/notice-email.ts";
import { parseOwnerConfig } from "./owner/owner-config.ts";
import type { StoredContactRequest } from "./store/store.ts";

const key = "test-public-key";
const timeZone = "America/New_York";
const business = "owner@example.org";
const from = "Keystone Shine Website <website@example.org>";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
};
const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const businessAddresses = new Set([business, "website@example.org"]);

/** Every link an e-mail carries: in its text, and the HTML's hrefs. */
function linksOf(email: ContactEmail): string[] {
  const inText = email.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const inHtml = [...email.html.matchAll(/href="([^"]*)"/g)].map((match) =>
    (match[1] ?? "").replaceAll("&amp;", "&"),
  );
  return [...inText, ...inHtml];
}

/** Who a reply or the message itself reaches besides the business. */
function others(email: ContactEmail): string[] {
  return [email.replyTo.address, ...email.to]
    .map((address) => address.toLowerCase())
    .filter((address) => !businessAddresses.has(address));
}

/**
 * What a link of the function opens: one request (the owner's or the visitor's page, its
 * calendar file), an opt-out, or more (the inbox, the editor, the calendar of every visit).
 */
function reach(link: string): { request: string } | "opt-out" | "more" | "public" {
  const url = new URL(link, functionUrl);
  const path = /\/send-contact-email(\/.*)?$/.exec(url.pathname)?.[1];
  if (path === undefined) return url.searchParams.has("token") ? "more" : "public";
  const one = /^\/(?:lead|request)\/([0-9a-f-]+)(?:\/visit|\/visit\.ics)?$/.exec(path);
  if (one) return { request: one[1] as string };
  if (/^\/opt-out\/[0-9a-f]{64}$/.test(path)) return "opt-out";
  return "more";
}

/** The rule: to the business alone, anything; else nothing beyond `own` request. */
function broken(email: ContactEmail, own: string | null): string[] {
  if (others(email).length === 0) return [];
  return linksOf(email).filter((link) => {
    const reached = reach(link);
    if (reached === "public" || reached === "opt-out") return false;
    if (reached === "more") return true;
    return reached.request !== own;
  });
}

const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

/** Until the function's queues get there: the condition itself, checked as they run. */
const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 10 });

describe("the link rule, on the e-mails of a walk through the function", () => {
  it("gives the visitor, in any reply, nothing beyond their own request", async () => {
    const mails: ContactEmail[] = [];
    const fn = createContactFunction({
      config: parseContactConfig({
        CONTACT_PUBLIC_KEY: key,
        MAIL_TO: business,
        MAIL_FROM: from,
        VISITOR_NOTICE_HOLD_SECONDS: "0",
      }),
      owner: parseOwnerConfig(
        { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
        { production: true, defaultFunctionUrl: functionUrl },
      ),
      openStore: async () => ({ store: testStore() }),
      mailer: {
        async send(email) {
          mails.push(email);
          return "test";
        },
        async close() {},
      },
      log: silentLogger,
    });
    running.push(fn);
    await fn.start();
    const [first] = bookableDates(new Date(), repositoryFacts());
    const sent = await fn.fetch(
      new Request(functionUrl, {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify({
          ...validRequest({ name: "Dana Whitfield", email: "dana@example.com" }),
          preferredWindows: [{ date: first, window: "morning" }],
        }),
      }),
      { peer: "127.0.0.1" },
    );
    const { id } = (await sent.json()) as { id: string };
    const post = (path: string, fields: Record<string, string>) =>
      fn.fetch(
        new Request(`${functionUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        }),
        { peer: "127.0.0.1" },
      );
    await until(() => mails.length >= 2);
    const visitorToken = await createLinkSigner(secrets.VISITOR_LINK_SECRET, {
      scope: "visitor",
    }).sign(id, new Date());
    const ownerToken = await createLinkSigner(secrets.OWNER_LINK_SECRET, {
      scope: "owner",
      derived: true,
    }).sign(id, new Date());
    expect(
      (await post(`/request/${id}?token=${visitorToken}`, { action: "address", address: "12 Elm" }))
        .status,
    ).toBe(303);
    await until(() => mails.some((mail) => mail.subject.includes("added the address")));
    expect(
      (
        await post(`/lead/${id}/visit?token=${ownerToken}`, {
          sequence: "0",
          action: "book",
          window: "0",
        })
      ).status,
    ).toBe(303);
    await until(() => mails.some((mail) => mail.subject.startsWith("Your cleaning is booked")));

    const replyable = mails.filter((mail) => others(mail).length > 0);
    // The request's e-mail, the visitor's change, the acknowledgement, the booking.
    expect(replyable.length).toBeGreaterThanOrEqual(4);
    for (const mail of mails) expect(broken(mail, id), mail.subject).toEqual([]);
    // The request's e-mail keeps the one link it may carry: its own page, which acts.
    const request = mails.find((mail) => mail.subject.startsWith("Quote request:"));
    expect(request?.replyTo.address).toBe("dana@example.com");
    expect(linksOf(request as ContactEmail).some((link) => link.includes(`/lead/${id}?`))).toBe(
      true,
    );
  });
});

describe("the link rule, on every other e-mail with every link it can carry", () => {
  const id = "11111111-1111-4111-8111-111111111111";
  const other = "22222222-2222-4222-8222-222222222222";
  const inbox = inboxPageUrl(functionUrl, "9.inbox");
  const editor = sitePageUrl(functionUrl, "9.site");
  const lead = {
    ...validRequest({ name: "Dana Whitfield", email: "dana@example.com" }),
    id,
    createdAt: "2026-11-24T14:00:00.000Z",
    status: "new",
    visitSequence: 0,
    visitChangedAt: null,
    deliveryStatus: "sent",
    deliveredRecipients: [],
    attempts: 1,
    lastError: null,
  } as unknown as StoredContactRequest & LeadView;
  const letters = {
    from,
    to: [business],
    businessName: "Keystone Shine",
    wordsOf: repositoryFacts,
  };
  const words = repositoryFacts();
  const visitorLetters = {
    from,
    replyTo: business,
    businessName: "Keystone Shine",
    siteUrl: "https://www.example.org",
    live: repositoryFacts(),
  };
  const visitorLinks = { requestPage: visitorPageUrl(functionUrl, id, "9.visitor") };
  const page = (lead: { id: string }) => leadPageUrl(functionUrl, lead.id, "9.owner");
  const noticeOf = (made: ReturnType<typeof alertNotice>) =>
    composeNoticeEmail("k", { ...made, inbox }, letters);
  const [visitorNotice] = visitorActionNotices(
    lead,
    { kind: "asked-for-times", times: "Tue Dec 1, morning" },
    "e1",
    { ownerPage: () => page(lead) },
    ["email"],
    new Date(),
  );

  /** Each composer of the function, by name, with the request whose links it may carry. */
  const composed: Record<string, Array<[ContactEmail, string | null]>> = {
    composeContactEmail: [[composeContactEmail(lead, letters, { requestPage: page(lead) }), id]],
    composeDigestEmail: [
      [
        composeDigestEmail([lead, { ...lead, id: other }], { ...letters, hourlyCap: 1, inbox }),
        null,
      ],
    ],
    composeFailureNotice: [
      [
        composeFailureNotice(
          [{ id, createdAt: lead.createdAt, service: lead.service, error: "550" }],
          { ...letters, inbox },
        ),
        null,
      ],
    ],
    composeNoticeEmail: [
      [noticeOf(alertNotice(lead, page(lead), words)), id],
      [noticeOf(reminderNotice(lead, page(lead), 20, words)), id],
      [
        noticeOf(
          digestNotice({
            day: "2026-11-24",
            received: [lead],
            waiting: [lead],
            linkFor: page,
            wordsOf: () => words,
          }),
        ),
        null,
      ],
      [
        noticeOf(weeklyNotice(periodStats([toLead(lead)], [], lastWeek(new Date(), timeZone)))),
        null,
      ],
      // Queued before the rule with the inbox: a reply to it reaches the visitor.
      [
        composeNoticeEmail(
          "visitor",
          { ...(visitorNotice?.notice as ReturnType<typeof alertNotice>), inbox },
          letters,
        ),
        id,
      ],
      [
        composeNoticeEmail(
          "link",
          { kind: "link", title: "Your link", lines: [], url: editor, leads: [] },
          letters,
        ),
        null,
      ],
    ],
    composeAcknowledgement: [
      [composeAcknowledgement("a", lead, visitorLetters, visitorLinks, words), id],
    ],
    composeVisitEmail: [
      [
        composeVisitEmail(
          "v",
          lead,
          {
            action: "booked",
            start: "2026-12-01T13:00:00.000Z",
            end: "2026-12-01T15:00:00.000Z",
            sequence: 1,
          },
          visitorLetters,
          visitorLinks,
          new Date("2026-11-25T12:00:00Z"),
        ),
        id,
      ],
    ],
    composeReminder: [
      [
        composeReminder(
          "r",
          lead,
          { start: "2026-12-01T13:00:00.000Z", end: "2026-12-01T15:00:00.000Z" },
          visitorLetters,
          visitorLinks,
        ),
        id,
      ],
    ],
    composePlanEmail: [
      [
        composePlanEmail(
          "p",
          {
            ...lead,
            plan: {
              first: { day: "2026-12-01", time: "09:00" },
              minutes: 120,
              every: "week",
              skipped: [],
              moved: [],
              laterPrice: null,
            },
          },
          { action: { kind: "booked" }, sequence: 1 },
          visitorLetters,
          visitorLinks,
          new Date("2026-11-25T12:00:00Z"),
        ),
        id,
      ],
    ],
    composeFollowUpEmail: [
      [
        composeFollowUpEmail(
          {
            key: `review:${id}`,
            kind: "review",
            to: { name: "Dana", email: "dana@example.com", service: "residential" },
            reviewUrl: "https://g.page/r/review",
            optOutUrl: `${functionUrl}/opt-out/${"a".repeat(64)}?token=9.x`,
          },
          visitorLetters,
        ),
        id,
      ],
    ],
  };

  for (const [name, emails] of Object.entries(composed))
    it(`${name}: nothing beyond the own request where a reply reaches someone else`, () => {
      for (const [email, own] of emails) expect(broken(email, own), email.subject).toEqual([]);
    });

  it("keeps the inbox link where the business alone replies, and only there", () => {
    const withInbox = Object.values(composed)
      .flat()
      .filter(([email]) => linksOf(email).some((link) => link.includes("/inbox?")));
    expect(withInbox.length).toBeGreaterThanOrEqual(5);
    for (const [email] of withInbox) expect(others(email), email.subject).toEqual([]);
  });

  it("covers every composer of an e-mail in the function's source", () => {
    const root = import.meta.dirname;
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(folder, entry.name))
          : /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)
            ? [join(folder, entry.name)]
            : [],
      );
    // Each exported function whose declared result is an e-mail (comments left out first).
    const composers = files(root).flatMap((file) =>
      [
        ...readFileSync(file, "utf8")
          .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")
          .matchAll(/export (?:async )?function (\w+)[\s\S]*?\)\s*:\s*([^{;=]+?)\s*\{/g),
      ]
        .filter((match) => /\bContactEmail\b/.test(match[2] ?? ""))
        .map((match) => `${match[1]} (${relative(root, file)})`),
    );
    const names = composers.map((composer) => composer.split(" ")[0]);
    expect(names.sort()).toEqual(Object.keys(composed).sort());
  });
});
