/**
 * Test support for the contact function's booking/: a request stored in the real SQLite store in
 * memory, a mailer that keeps what it was given (or fails as told), and the visitor outbox on a
 * fake clock.
 */

import { createVisitorOutbox } from "../../functions/send-contact-email/booking/visitor-outbox.ts";
import { createLinkSigner } from "../../functions/send-contact-email/links/signed-links.ts";
import type { ContactEmail } from "../../functions/send-contact-email/mail/email.ts";
import { MailDeliveryError, type Mailer } from "../../functions/send-contact-email/mail/mailer.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { repositoryFacts } from "../../shared/content/facts.ts";
import type { StoredQuoteDetails } from "../../shared/quote/quote-details.ts";
import { validRequest } from "../integration/support/requests.ts";
import { fixedContent } from "./content-source.ts";
import { testStore } from "./stores.ts";

export const functionUrl = "https://www.example.com/functions/v1/send-contact-email";
export const visitorSigner = createLinkSigner("visitor-test-secret-0123456789abcdef", {
  scope: "visitor",
  ttlMs: 60 * 86_400_000,
});
export const ownerSigner = createLinkSigner("owner-test-secret-0123456789abcdefgh", {
  scope: "owner",
});
export const letters = {
  from: "Keystone Shine Cleaning <hello@example.com>",
  replyTo: "owner@example.com",
  businessName: "Keystone Shine Cleaning",
  siteUrl: "https://www.example.com",
  live: repositoryFacts(),
};

export function recordingMailer() {
  const sent: ContactEmail[] = [];
  let failure: MailDeliveryError | null = null;
  const mailer: Mailer = {
    async send(email) {
      if (failure) throw failure;
      sent.push(email);
      return "test";
    },
    async close() {},
  };
  return {
    mailer,
    sent,
    fail(kind: "server" | "permanent" | null) {
      failure = kind ? new MailDeliveryError(`mail ${kind} failure`, kind) : null;
    },
  };
}

export async function storeRequest(
  store: ReturnType<typeof testStore>,
  receivedAt: Date,
  overrides: Parameters<typeof validRequest>[0] = {},
  details: StoredQuoteDetails = {},
  status: "new" | "spam" = "new",
): Promise<string> {
  const result = validateContact(validRequest(overrides));
  if (!result.ok) throw new Error(`invalid sample: ${JSON.stringify(result.fields)}`);
  const id = crypto.randomUUID();
  await store.submit({
    id,
    data: result.data,
    details,
    fingerprint: id,
    receivedAt,
    dedupeWindowMs: 0,
    status,
  });
  return id;
}

export function visitorOutboxOnFakeClock(
  start: string,
  reminderTime: string | null = "10:00",
  acknowledgementHourlyCap = 0,
  live: typeof letters.live = letters.live,
) {
  let clock = new Date(start);
  const store = testStore();
  const mail = recordingMailer();
  const outbox = createVisitorOutbox({
    store,
    mailer: mail.mailer,
    letters: { ...letters, live },
    content: fixedContent(),
    functionUrl,
    signer: visitorSigner,
    reminders: { time: reminderTime, timeZone: "America/New_York" },
    retry: { baseMs: 1000, maxMs: 4000 },
    leaseMs: 60_000,
    acknowledgementHourlyCap,
    now: () => clock,
  });
  return {
    store,
    outbox,
    ...mail,
    now: () => clock,
    set(at: string) {
      clock = new Date(at);
    },
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
  };
}
