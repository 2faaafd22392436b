/**
 * What the owner is told when a visitor acts on their request page (books a time, asks for other
 * times, adds the address, cancels, changes their plan): one notice per channel (e-mail, and push when ALERT_URL is set), queued
 * with the change itself (booking-store.ts) and sent by the owner's notifier like every alert. Its
 * words repeat nothing the visitor typed freely but the address they gave for the visit.
 *
 * A notice is held for a short while (VISITOR_NOTICE_HOLD_SECONDS) and later changes of the same
 * request join it while it waits: a visitor trying times one after another, or a script replaying
 * the page's form, reaches the owner as one e-mail and one push, not one per post.
 */
import { serviceDescription } from "../../../shared/contact-fields.ts";
import type { NewNotice, Notice, NoticeChannel } from "../store/owner-store.ts";
import type { StoredContactRequest } from "../store/store.ts";

export type VisitorAction =
  | { kind: "asked-for-times"; times: string }
  | { kind: "added-address"; address: string }
  | { kind: "cancelled-request"; visit: string | null }
  /** `held`: kept for the owner's confirmation (Online booking: held until you confirm). */
  | { kind: "booked"; visit: string; held?: true }
  /**
   * A plan's changes (visitor-plan.ts), in words: `day` "Tuesday, December 8", `visit` with its
   * times "Tuesday, December 8, 9:00 AM–1:00 PM".
   */
  | { kind: "plan-skipped" | "plan-unskipped"; day: string; visit: string }
  | { kind: "plan-moved"; day: string; from: string; to: string }
  | { kind: "plan-paused"; from: string; until: string }
  | { kind: "plan-resumed"; next: string | null }
  | { kind: "plan-every"; plan: string; from: string; price: string | null }
  | { kind: "plan-cancelled"; from: string; kept: readonly string[]; lost: boolean };

/** The changes a joined notice lists; older ones are counted, the request page has them all. */
export const maxListedChanges = 6;

function title(name: string, action: VisitorAction): string {
  switch (action.kind) {
    case "asked-for-times":
      return `${name} asked for other times`;
    case "added-address":
      return `${name} added the address`;
    case "cancelled-request":
      return action.visit ? `${name} cancelled the visit` : `${name} cancelled the request`;
    case "booked":
      return action.held ? `${name} picked a time: please confirm it` : `${name} booked a visit`;
    case "plan-skipped":
      return `${name} skipped the visit on ${action.day}`;
    case "plan-unskipped":
      return `${name} put back the visit on ${action.day}`;
    case "plan-moved":
      return `${name} moved the visit of ${action.day}`;
    case "plan-paused":
      return `${name} paused the plan until ${action.until}`;
    case "plan-resumed":
      return `${name} resumed the plan`;
    case "plan-every":
      return `${name} changed the plan to ${action.plan}`;
    case "plan-cancelled":
      return `${name} cancelled the plan`;
  }
}

/** What every plan change's line ends with: the customer has their copy. */
const planSent = "they were sent the change with their calendar updated.";

function detail(action: VisitorAction): string {
  switch (action.kind) {
    case "asked-for-times":
      return `New preferred times: ${action.times}`;
    case "added-address":
      return `Address: ${action.address}`;
    case "cancelled-request":
      return action.visit
        ? `The visit on ${action.visit} is cancelled; they were sent the cancellation. The request is now Lost.`
        : "The request is now Lost.";
    case "booked":
      return action.held
        ? `Held for you to confirm: ${action.visit}. Confirm it, or turn it down, on the request page; the customer gets the confirmation when you confirm.`
        : `Booked online for ${action.visit}; they were sent the confirmation with its calendar invitation.`;
    case "plan-skipped":
      return `Skipped the plan's visit of ${action.visit}; ${planSent}`;
    case "plan-unskipped":
      return `Put back the plan's visit of ${action.visit}; ${planSent}`;
    case "plan-moved":
      return `Moved the plan's visit of ${action.from} to ${action.to}; ${planSent}`;
    case "plan-paused":
      return `Paused the plan: no visits from ${action.from} until ${action.until}; ${planSent}`;
    case "plan-resumed":
      return action.next
        ? `Resumed the plan: the next visit is ${action.next}; ${planSent}`
        : `Resumed the plan; ${planSent}`;
    case "plan-every":
      return `The plan is now ${action.plan} from ${action.from}${action.price ? `, ${action.price} a visit` : ""}; ${planSent}`;
    case "plan-cancelled":
      return [
        `Cancelled the plan: no visits from ${action.from} on.`,
        ...action.kept.map((visit) => `The visit of ${visit} stays (inside the cut-off).`),
        action.lost ? "The request is now Lost." : "",
        "They were sent the cancellation.",
      ]
        .filter(Boolean)
        .join(" ");
  }
}

const olderChanges = /^\(\d+ earlier changes? not listed: the request page has them all\)$/;

/** A waiting notice with one more change: the newest changes listed, the count in the title. */
export function joinVisitorNotice(waiting: Notice, added: Notice, name: string): Notice {
  const changes = (waiting.changes ?? 1) + (added.changes ?? 1);
  const listed = [
    ...waiting.lines.slice(1).filter((line) => !olderChanges.test(line)),
    ...added.lines.slice(1),
  ];
  const kept = listed.slice(-maxListedChanges);
  const unlisted = changes - kept.length;
  return {
    ...added,
    title: `${name} made ${changes} changes to their request`,
    lines: [
      added.lines[0] ?? "",
      ...(unlisted > 0
        ? [
            `(${unlisted} earlier change${unlisted === 1 ? "" : "s"} not listed: the request page has them all)`,
          ]
        : []),
      ...kept,
    ],
    changes,
  };
}

export type VisitorNoticeLinks = {
  /** The owner's page for each channel: e-mail acts, push only reads (links/signed-links.ts). */
  ownerPage: (channel: NoticeChannel) => string;
};

export function visitorActionNotices(
  request: StoredContactRequest,
  action: VisitorAction,
  eventId: string,
  links: VisitorNoticeLinks,
  channels: readonly NoticeChannel[],
  at: Date,
  holdMs = 0,
): NewNotice[] {
  return channels.map((channel) => {
    const notice: Notice = {
      kind: "visitor",
      title: title(request.name, action),
      lines: [`${serviceDescription(request)}`, detail(action)],
      url: links.ownerPage(channel),
      // Never the inbox: the e-mail's reply reaches the visitor (the link rule, mail/email.ts).
      leads: [],
      replyTo: { name: request.name, address: request.email },
      changes: 1,
    };
    return {
      key: `visitor:${request.id}:${eventId}:${channel}`,
      channel,
      requestId: request.id,
      notice,
      createdAt: at,
      dueAt: new Date(at.getTime() + holdMs),
      coalesce: {
        prefix: `visitor:${request.id}:`,
        merge: (waiting) => joinVisitorNotice(waiting, notice, request.name),
      },
    };
  });
}
