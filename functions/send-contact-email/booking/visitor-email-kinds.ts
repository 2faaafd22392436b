/**
 * The kinds of e-mail the function sends to a visitor, each through the visitor_emails queue
 * (visitor-outbox.ts). A new kind (a review request, a follow-up) is one more entry here and its
 * wording beside the others (visitor-emails.ts); the tables need no change.
 */
export const visitorEmailKinds = ["acknowledgement", "visit", "reminder"] as const;
export type VisitorEmailKind = (typeof visitorEmailKinds)[number];

/** At most this many acknowledgements to one address in a day (contact-api.md): no relay. */
export const acknowledgementCap = {
  max: 3,
  windowMs: 24 * 3_600_000,
  reason: "not sent: 3 acknowledgements to this address in the last 24 hours",
} as const;
