/**
 * The owner's calendar to subscribe to, on the inbox page opened from the owner's own e-mail
 * (inbox/inbox-route.ts). Not on each request's page: a request link is forwarded to a helper
 * more easily than the inbox, and the feed lists every booked customer with a link to each
 * request. Not on the inbox opened from a push either, which others may read.
 */
import { escapeHtml as e } from "../mail/email.ts";
import { calendarSubscribeLinks } from "./calendar-links.ts";

export function renderCalendarSubscribe(feedUrl: string): string {
  return `<h2 id="calendar">Your calendar</h2>
<p>Every booked visit, in your phone's calendar: subscribe once, it updates itself.</p>
<div class="actions">${calendarSubscribeLinks(feedUrl)
    .map((link) => `<a class="button" href="${e(link.href)}">${e(link.label)}</a>`)
    .join("\n")}</div>
<label for="calendar-address">Or copy this address into your calendar app</label>
<input id="calendar-address" readonly value="${e(feedUrl)}">
<p class="small">Keep it to yourself: it lists every booked customer. To stop it working (a lost phone), set a new CALENDAR_LINK_SECRET; nothing else changes.</p>`;
}
