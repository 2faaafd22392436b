/**
 * Escaping by default: markup a visitor or the owner typed comes out of every page and e-mail as
 * text, because React writes it (views/react.ts), not because each place remembered to escape.
 */

import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { escapeHtml } from "../../../tests/support/escape-html.ts";
import type { LeadView } from "../base/lead-view.ts";
import { renderBookingSection } from "../booking/owner-booking-section.ts";
import { composeVisitEmail } from "../booking/visitor-emails.ts";
import { renderVisitorPage } from "../booking/visitor-page.ts";
import { composeFollowUpEmail } from "../follow-ups/follow-up-email.ts";
import { renderInbox } from "../inbox/inbox-page.ts";
import { readInboxQuery } from "../inbox/inbox-query.ts";
import { formPage } from "../intake/form-page.ts";
import type { Lead } from "../leads/lead-formats.ts";
import { composeContactEmail, composeDigestEmail } from "../mail/email.ts";
import { composeNoticeEmail } from "../owner/notice-email.ts";
import { renderOwnerPage } from "../owner/request-page.ts";
import { renderEditorHome } from "../site-editor/editor-home-page.ts";
import { renderConfirm } from "../site-editor/history-page.ts";
import { renderGroupForm } from "../site-editor/site-editor-page.ts";
import { groups } from "../site-editor/site-fields.ts";
import type { StoredContactRequest } from "../store/store.ts";

const script = "<script>alert(1)</script>";
const breakOut = `"><img src=x onerror=alert(1)>`;
const typed = `${script} ${breakOut}`;

/** No element or attribute came from the typed text, and the text itself is there, escaped. */
function expectText(html: string, text = typed) {
  expect(html).not.toContain("<script");
  expect(html).not.toContain("<img");
  expect(html).toContain(escapeHtml(text));
}

const now = new Date("2026-11-25T15:00:00Z");
const lead: LeadView = {
  id: "6f1c2a9e-1111-4222-8333-944455556666",
  createdAt: "2026-11-24T14:05:00.000Z",
  name: `Dana ${typed}`,
  email: "dana@example.org",
  phone: "(610) 555-0134",
  service: "other",
  otherService: typed,
  message: typed,
  status: "booked",
};
const stored = {
  ...lead,
  serviceAddress: typed,
  visitSequence: 1,
  visit: { start: "2026-12-01T09:00:00-05:00", end: "2026-12-01T11:00:00-05:00" },
} as unknown as StoredContactRequest;

describe("escaping by default", () => {
  it("the owner's request page and its visit part", () => {
    const html = renderOwnerPage({
      lead,
      token: `t${breakOut}`,
      canAct: true,
      businessName: "Keystone",
      words: repositoryFacts(),
      booking: renderBookingSection({
        facts: repositoryFacts(),
        request: stored,
        events: [{ kind: "added-address", at: now.toISOString(), details: { address: typed } }],
        emails: [],
        token: `t${breakOut}`,
        now,
        outcome: null,
        problem: null,
      } as unknown as Parameters<typeof renderBookingSection>[0]),
      followUps: [{ text: typed } as never],
    });
    expectText(html);
    expectText(html, `Address given by the visitor: ${typed}`);
    expectText(html, `t${breakOut}`);
  });

  it("the visitor's page", () => {
    const html = renderVisitorPage({
      request: stored,
      events: [],
      token: `t${breakOut}`,
      now,
      words: repositoryFacts(),
      live: repositoryFacts(),
      problem: typed,
    });
    expectText(html);
    expectText(html, `t${breakOut}`);
  });

  it("the inbox", () => {
    const row = {
      ...lead,
      receivedAt: lead.createdAt,
      serviceLabel: typed,
      status: "spam",
      spamReason: typed,
    } as unknown as Lead;
    const html = renderInbox({
      businessName: "Keystone",
      token: "t",
      query: readInboxQuery(new URLSearchParams({ q: typed })),
      leads: [row],
      total: 1,
      pageCount: 1,
      hiddenSpam: 0,
      leadHref: () => `lead?${breakOut}`,
      wordsOf: repositoryFacts,
    });
    expectText(html);
    expectText(html, `Set aside by the spam filter: ${typed}`);
  });

  it("the form's fix page", async () => {
    const values = new URLSearchParams({ name: typed, message: typed, service: "other" });
    const response = await formPage({
      status: 400,
      error: "Please check",
      fields: { otherService: typed },
      values,
      siteOrigin: null,
      facts: repositoryFacts(),
    });
    expectText(await response.text());
    const copy = await formPage({
      status: 403,
      error: "",
      values,
      siteOrigin: null,
      facts: repositoryFacts(),
    });
    expectText(await copy.text());
  });

  it("the owner's e-mail, the digest, a notice, a visit e-mail and a follow-up", () => {
    const options = {
      from: "Site <hello@example.com>",
      to: ["owner@example.com"],
      businessName: "Keystone",
      wordsOf: repositoryFacts,
    };
    const request = { ...lead, service: "other" as const, otherService: typed };
    expectText(composeContactEmail(request, options).html);
    expectText(composeDigestEmail([request, request], { ...options, hourlyCap: 1 }).html);
    expectText(
      composeNoticeEmail(
        "k",
        { kind: "alert", title: typed, lines: [typed], url: null, leads: [] },
        options,
      ).html,
    );
    const visit = composeVisitEmail(
      "v",
      stored,
      { action: "booked", start: "2026-12-01T14:00:00Z", end: "2026-12-01T16:00:00Z", sequence: 1 },
      {
        ...options,
        replyTo: "owner@example.com",
        siteUrl: "https://www.example.com",
        live: repositoryFacts(),
      },
      { requestPage: `https://www.example.com/r?${breakOut}` },
      now,
    );
    expectText(visit.html);
    const followUp = composeFollowUpEmail(
      {
        key: "f",
        kind: "review",
        to: { name: "Dana", email: "dana@example.org", service: "other" },
        reviewUrl: `https://g.example/review?${breakOut}`,
        optOutUrl: `https://fn.example/opt-out?${breakOut}`,
      },
      {
        from: options.from,
        replyTo: "owner@example.com",
        businessName: typed,
        live: repositoryFacts(),
      },
    );
    expect(followUp.html).not.toContain("<img");
    expect(followUp.html).toContain(escapeHtml(`https://g.example/review?${breakOut}`));
  });

  it("the owner's site editor: its forms, problems, history and status", () => {
    const form = renderGroupForm({
      token: `t${breakOut}`,
      group: groups.reviews,
      values: { "reviews.0.name": typed, "reviews.0.text": typed, "reviews.0.rating": typed },
      problems: [{ path: "reviews.0.text", message: typed }],
      previewPath: "/",
    });
    expectText(form);
    // The token travels in the links' query, percent-encoded.
    expect(form).toContain(encodeURIComponent(`t${breakOut}`));
    const hostCall = {
      version: 2,
      calledAt: now.toISOString(),
      host: typed,
      ok: false,
      reason: typed,
    };
    const home = renderEditorHome({
      token: `t${breakOut}`,
      editable: {
        document: repositoryContent as SiteContent,
        version: 2,
        unusable: { version: 3, publishedAt: now.toISOString(), problem: typed },
      },
      status: {
        serving: 1,
        building: null,
        failed: { version: 2, reason: typed, at: now.toISOString() },
      },
      history: [
        { version: 2, publishedAt: now.toISOString(), changes: [typed], restoredFrom: null },
        { version: 1, publishedAt: now.toISOString(), changes: [typed], restoredFrom: null },
      ],
      staticHost: true,
      hostCall,
      outcome: { kind: "failed", version: 2, hostCall, part: typed },
      siteAddress: "https://www.example.org",
    });
    expectText(home);
    const staticHome = renderEditorHome({
      token: `t${breakOut}`,
      editable: { document: repositoryContent as SiteContent, version: 2, unusable: null },
      status: { serving: 2, building: null, failed: null },
      history: [
        { version: 2, publishedAt: now.toISOString(), changes: [typed], restoredFrom: null },
      ],
      staticHost: true,
      hostCall,
      outcome: { kind: "live", version: 2, hostCall, part: null },
      siteAddress: "https://www.example.org",
    });
    expectText(staticHome);
    const confirm = renderConfirm({
      token: `t${breakOut}`,
      kind: "undo",
      at: typed,
      entryLines: [typed],
      willChange: [typed],
      keptAsNow: [typed],
      base: 2,
      path: "undo/2",
    });
    expectText(confirm);
  });
});
