/**
 * The kinds of e-mail the function sends to a visitor, each through the visitor_emails queue
 * (visitor-outbox.ts). A new kind (a review request, a follow-up) is one more entry here and its
 * wording beside the others (visitor-emails.ts); the tables need no change.
 */
export const visitorEmailKinds = ["acknowledgement", "visit", "reminder", "plan"] as const;
export type VisitorEmailKind = (typeof visitorEmailKinds)[number];

/**
 * At most this many acknowledgements to one mailbox in a day (contact-api.md): no relay. The
 * mailbox, not the address as typed (mailbox.ts): `victim+1@` to `victim+6@` are one inbox.
 */
export const acknowledgementCap = {
  max: 3,
  windowMs: 24 * 3_600_000,
  reason: "not sent: 3 acknowledgements to this address in the last 24 hours",
} as const;

/**
 * The cap with the hourly bound on all acknowledgements together (ACKNOWLEDGEMENT_HOURLY_CAP):
 * someone sending the form with a different stranger's address each time gets at most this many
 * e-mails out of the business's name in an hour. 0: no such bound.
 */
export function acknowledgementCaps(hourlyCap: number) {
  return hourlyCap > 0
    ? {
        ...acknowledgementCap,
        perHour: {
          max: hourlyCap,
          reason: `not sent: ${hourlyCap} acknowledgements to anyone in the last hour (ACKNOWLEDGEMENT_HOURLY_CAP)`,
        },
      }
    : acknowledgementCap;
}
