import { describe, expect, it } from "vitest";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import type { LeadView } from "./lead-view.ts";
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
      reminderNotice(sneaky, pageOf(sneaky.id), 20),
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
        linkFor: (waiting) => pageOf(waiting.id),
      }),
      mail,
    );
    expect(hrefs(email.html).sort()).toEqual([pageOf(sneaky.id), pageOf(plain.id)].sort());
  });
});
