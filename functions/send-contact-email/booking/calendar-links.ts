/**
 * The owner's calendar feed (calendar-feed.ts): its address, and the links that subscribe to it in
 * one tap from a phone: Apple Calendar (webcal://), Google Calendar (its "add by URL" page) and
 * Outlook (its "subscribe from web" page). All three then fetch the feed themselves, from the
 * internet: the function must be reachable at FUNCTION_URL over HTTPS.
 */
export const feedName = "visits";

export function calendarFeedUrl(functionUrl: string, token: string): string {
  return `${functionUrl}/calendar/${feedName}.ics?token=${encodeURIComponent(token)}`;
}

export function calendarSubscribeLinks(feedUrl: string): Array<{ label: string; href: string }> {
  const webcal = feedUrl.replace(/^https?:/, "webcal:");
  return [
    { label: "Apple Calendar (iPhone)", href: webcal },
    {
      label: "Google Calendar",
      href: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    },
    {
      label: "Outlook",
      href: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent("Booked visits")}`,
    },
  ];
}
