import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import type { LeadView } from "../base/lead-view.ts";
import { visitorActionNotices } from "../booking/visitor-action-notices.ts";
import type { Notice } from "../store/owner-store.ts";
import { digestNotice, reminderNotice } from "./notice.ts";
import { composeNoticeEmail } from "./notice-email.ts";

const mail = {
  from: "Site <site@example.com>",
  to: ["owner@example.com"],
  businessName: "Keystone",
};
const pageOf = (id: string) =>
  `https://www.example.com/functions/v1/send-contact-email/lead/${id}?token=1.abc`;

function lead(id: string, overrides: Partial<LeadView> = {}): LeadView {
  return {
    ...validRequest(),
    id,
    createdAt: "2026-11-24T15:00:00.000Z",
    status: "new",
    ...overrides,
  } as LeadView;
}

/** Every href of an HTML part. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("notice e-mails", () => {
  const visitorUrl = "https://evil.example/login";
  const sneaky = lead("11111111-1111-4111-8111-111111111111", {
    name: `Jane ${visitorUrl}`,
    service: "other",
    otherService: `see http://evil.example/x?a=1&b=2`,
  });

  it("link the request's page in a reminder, never a URL the visitor typed", () => {
    const email = composeNoticeEmail(
      `reminder:${sneaky.id}:email`,
      reminderNotice(sneaky, pageOf(sneaky.id), 20, repositoryFacts()),
      mail,
    );
    expect(hrefs(email.html)).toEqual([pageOf(sneaky.id)]);
    // Still shown, as text, so the owner sees what was typed.
    expect(email.html).toContain("https://evil.example/login");
  });

  it("link each waiting request's page in a digest, and nothing else", () => {
    const plain = lead("22222222-2222-4222-8222-222222222222");
    const email = composeNoticeEmail(
      "digest:2026-11-24:email",
      digestNotice({
        day: "2026-11-24",
        received: [sneaky, plain],
        waiting: [sneaky, plain],
        wordsOf: repositoryFacts,
        linkFor: (waiting) => pageOf(waiting.id),
      }),
      mail,
    );
    expect(hrefs(email.html).sort()).toEqual([pageOf(sneaky.id), pageOf(plain.id)].sort());
  });
});

describe("the owner's e-mail about a visitor's change", () => {
  const request = {
    ...lead("22222222-2222-4222-8222-222222222222", {
      name: "Dana Whitfield",
      email: "dana@example.org",
    }),
    visitSequence: 0,
    visitChangedAt: null,
    deliveryStatus: "sent",
    attempts: 1,
    lastError: null,
  } as unknown as Parameters<typeof visitorActionNotices>[0];
  const longPage = `${pageOf(request.id)}${"x".repeat(120)}`;
  const inbox = "https://www.example.com/functions/v1/send-contact-email/inbox?token=2.def";
  const [emailNotice, pushNotice] = visitorActionNotices(
    request,
    { kind: "added-address", address: "12 Elm St" },
    "event-1",
    { ownerPage: () => longPage },
    ["email", "push"],
    new Date("2026-11-26T14:00:00Z"),
  );

  it("replies to the visitor, never links the inbox, and wraps: no raw URL as a link's text", () => {
    const email = composeNoticeEmail(emailNotice?.key ?? "", emailNotice?.notice as Notice, mail);
    expect(email.replyTo).toEqual({ name: "Dana Whitfield", address: "dana@example.org" });
    expect(email.text).not.toContain("your inbox");
    expect(hrefs(email.html)).toEqual([longPage]);
    // One queued with the inbox before the link rule: a reply would hand it to the visitor.
    const queuedBefore = { ...(emailNotice?.notice as Notice), inbox };
    expect(composeNoticeEmail("old", queuedBefore, mail).text).not.toContain(inbox);
    // The links read as words; whatever else is long wraps inside a phone's 390 px.
    expect(email.html).not.toContain(`>${longPage}<`);
    expect(email.html).toMatch(/<p style="[^"]*overflow-wrap:anywhere/);
    // The push of the same change has no inbox.
    expect(pushNotice?.notice.inbox).toBeUndefined();
  });
});
