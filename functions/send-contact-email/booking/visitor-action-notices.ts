/**
 * What the owner is told when a visitor acts on their request page (asks for other times, adds
 * the address, cancels): one notice per channel (e-mail, and push when ALERT_URL is set), queued
 * with the change itself (booking-store.ts) and sent by the owner's notifier like every alert. Its
 * words repeat nothing the visitor typed freely but the address they gave for the visit.
 */
import { serviceDescription } from "../email.ts";
import type { Notice } from "../owner/notice.ts";
import type { NewNotice, NoticeChannel } from "../owner/owner-store.ts";
import type { StoredContactRequest } from "../store.ts";

export type VisitorAction =
  | { kind: "asked-for-times"; times: string }
  | { kind: "added-address"; address: string }
  | { kind: "cancelled-request"; visit: string | null };

function title(name: string, action: VisitorAction): string {
  switch (action.kind) {
    case "asked-for-times":
      return `${name} asked for other times`;
    case "added-address":
      return `${name} added the address`;
    case "cancelled-request":
      return action.visit ? `${name} cancelled the visit` : `${name} cancelled the request`;
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
  }
}

export function visitorActionNotices(
  request: StoredContactRequest,
  action: VisitorAction,
  eventId: string,
  /** The owner's page for each channel: e-mail acts, push only reads (links/signed-links.ts). */
  ownerPage: (channel: NoticeChannel) => string,
  channels: readonly NoticeChannel[],
  at: Date,
): NewNotice[] {
  return channels.map((channel) => ({
    key: `visitor:${eventId}:${channel}`,
    channel,
    requestId: request.id,
    notice: {
      kind: "visitor",
      title: title(request.name, action),
      lines: [`${serviceDescription(request)}`, detail(action)],
      url: ownerPage(channel),
      leads: [],
    } satisfies Notice,
    createdAt: at,
  }));
}
