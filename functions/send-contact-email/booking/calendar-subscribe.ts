/**
 * The owner's calendar to subscribe to, on the inbox page opened from the owner's own e-mail
 * (inbox/inbox-route.ts). Not on each request's page: a request link is forwarded to a helper
 * more easily than the inbox, and the feed lists every booked customer with a link to each
 * request. Not on the inbox opened from a push either, which others may read.
 */
import { ButtonLink } from "../views/parts.ts";
import { Fragment, h } from "../views/react.ts";
import { calendarSubscribeLinks } from "./calendar-links.ts";

export function renderCalendarSubscribe(feedUrl: string) {
  return h(CalendarSubscribe, { feedUrl });
}

function CalendarSubscribe({ feedUrl }: { feedUrl: string }) {
  return h(
    Fragment,
    null,
    h("h2", { id: "calendar" }, "Your calendar"),
    h(
      "p",
      null,
      "Every booked visit, in your phone's calendar: subscribe once, it updates itself.",
    ),
    h(
      "div",
      { className: "actions" },
      calendarSubscribeLinks(feedUrl).map((link) =>
        h(ButtonLink, { key: link.href, href: link.href }, link.label),
      ),
    ),
    h("label", { htmlFor: "calendar-address" }, "Or copy this address into your calendar app"),
    h("input", { id: "calendar-address", readOnly: true, defaultValue: feedUrl }),
    h(
      "p",
      { className: "small" },
      "Keep it to yourself: it lists every booked customer. To stop it working (a lost phone), set a new CALENDAR_LINK_SECRET; nothing else changes.",
    ),
  );
}
