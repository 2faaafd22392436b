/**
 * What the owner is told when a visitor acts on their request page (books a time, asks for other
 * times, adds the address, cancels): one notice per channel (e-mail, and push when ALERT_URL is set), queued
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
  | { kind: "booked"; visit: string };

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
      return `${name} booked a visit`;
  }
}

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
      return `Booked online for ${action.visit}; they were sent the confirmation with its calendar invitation.`;
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
