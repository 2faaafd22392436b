/**
 * The visitor's e-mails say what was asked, when we call, the phone and their page, in plain text
 * and HTML, and never relay anyone's text: no message, no "other service" words, a name only when
 * it looks like one (contact-api.md, "Acknowledgement").
 */

import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { factsOf, repositoryFacts } from "../../../shared/content/facts.ts";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { letters, storeRequest } from "../../../tests/support/booking.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { greetingName } from "../mail/greeting.ts";
import { composeAcknowledgement, composeReminder, composeVisitEmail } from "./visitor-emails.ts";

const relay = "BUY CHEAP PILLS at http://spam.example <a href=x>click</a>";
const links = {
  requestPage: "https://www.example.com/functions/v1/send-contact-email/request/x?token=1.y",
};

async function stored(
  name: string,
  extra: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
) {
  const store = testStore();
  const id = await storeRequest(
    store,
    new Date("2026-11-24T21:13:00Z"),
    { name, service: "other", otherService: relay, message: relay, ...extra },
    {
      zip: "19312",
      inServiceArea: true,
      town: "Berwyn",
      preferredWindows: [{ date: "2026-12-01", window: "morning" }],
      ...details,
    },
  );
  const request = await store.get(id);
  if (!request) throw new Error("not stored");
  return request;
}

describe("the acknowledgement", () => {
  it("says what was asked, when we call, the phone and the page, in text and HTML", async () => {
    const request = await stored("Dana Whitfield");
    const email = composeAcknowledgement(
      `acknowledgement:${request.id}`,
      request,
      letters,
      links,
      repositoryFacts(),
    );
    expect(email.to).toEqual([request.email]);
    expect(email.from).toBe(letters.from);
    expect(email.replyTo.address).toBe("owner@example.com");
    expect(email.subject).toBe("We received your request: Other");
    for (const part of [email.text, email.html]) {
      expect(part).toContain("Hi Dana,");
      expect(part).toContain("We will call you by Wed Nov 25, 5 PM");
      expect(part).toContain("Berwyn");
      expect(part).toContain("Tue Dec 1, morning");
      expect(part).toContain(repositoryFacts().business.phone.display);
      expect(part).toContain("You received this e-mail because");
    }
    expect(email.text).toContain(links.requestPage);
    expect(email.html).toContain(`href="${links.requestPage.replace(/&/g, "&amp;")}"`);
    expect(email.headers).toMatchObject({ "Auto-Submitted": "auto-generated" });
    expect(email.headers["X-Contact-Request-Id"]).toBeUndefined();
  });

  it("says the place and the offer in plain words: no offer id, no area code words, no ISO time", async () => {
    const request = await stored(
      "Dana Whitfield",
      {},
      { offer: { id: "welcome-20", percentOff: 20 } },
    );
    const email = composeAcknowledgement(
      `acknowledgement:${request.id}`,
      request,
      letters,
      links,
      repositoryFacts(),
    );
    for (const part of [email.text, email.html]) {
      expect(part).toContain("19312, Berwyn, in our service area");
      expect(part).toContain("20% welcome offer, on the first cleaning");
      expect(part).not.toContain("welcome-20");
      expect(part).not.toContain("in area:");
      expect(part).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    }
  });

  it("says the week as a person would after the owner changes Saturday's closing", async () => {
    const week = structuredClone(repositoryContent) as SiteContent;
    week.hours.week.saturday = { open: true, opens: "08:00", closes: "17:00" };
    const request = await stored("Dana Whitfield");
    const email = composeAcknowledgement(
      `acknowledgement:${request.id}`,
      request,
      { ...letters, live: factsOf(week) },
      links,
      repositoryFacts(),
    );
    for (const part of [email.text, email.html]) {
      expect(part).toContain(
        "The office is open Monday to Saturday, 8 AM to 7 PM; Saturday until 5 PM.",
      );
      expect(part).toContain("(Monday to Saturday, 8 AM to 7 PM; Saturday until 5 PM).");
      expect(part).not.toContain("Monday to Friday and Saturday");
    }
  });

  it("names a nearby ZIP as itself, with the crew that covers it", async () => {
    const request = await stored(
      "Dana Whitfield",
      {},
      { zip: "19403", town: "Plymouth Meeting", nearby: true },
    );
    const email = composeAcknowledgement(
      `acknowledgement:${request.id}`,
      request,
      letters,
      links,
      repositoryFacts(),
    );
    for (const part of [email.text, email.html]) {
      expect(part).toContain("19403, in our service area, covered by our Plymouth Meeting crew");
      expect(part).not.toContain("Plymouth Meeting, in our service area");
    }
  });

  it("never carries the visitor's message or other-service text, in any part or header", async () => {
    const request = await stored("Dana Whitfield");
    const email = composeAcknowledgement(
      `acknowledgement:${request.id}`,
      request,
      letters,
      links,
      repositoryFacts(),
    );
    const everything = JSON.stringify(email);
    expect(everything).not.toContain("PILLS");
    expect(everything).not.toContain("spam.example");
  });

  it.each([
    ["Anne-Marie O'Neil", "Anne-Marie"],
    ["José Núñez", "José"],
    ["J. Smith", "J."],
    ["Visit http://spam.example now", null],
    ["Win $1000!!!", null],
    ["<b>Bob</b>", null],
    ["x".repeat(61), null],
    ["WINNER.claim-prize.example visit now", null],
    ["Claim your prize at www example", null],
    ["prize.example", null],
    ["Ann Marie de la Cruz Smith", null],
    ["J.R. Ewing", "J.R."],
  ])("greets %s as %s", (name, expected) => {
    expect(greetingName(name)).toBe(expected);
  });

  it("a name that does not look like one is not used", async () => {
    const request = await stored("Cheap pills: http://spam.example");
    const email = composeAcknowledgement(
      "acknowledgement:x",
      request,
      letters,
      links,
      repositoryFacts(),
    );
    expect(email.text.startsWith("Hello,\n")).toBe(true);
    expect(JSON.stringify(email)).not.toContain("spam.example");
  });
});

describe("the visit e-mails", () => {
  const booked = {
    action: "booked" as const,
    start: "2026-12-01T14:00:00.000Z",
    end: "2026-12-01T16:00:00.000Z",
    sequence: 1,
  };

  it("confirm the time in the business's words with an invitation (METHOD:REQUEST)", async () => {
    const request = await stored("Dana Whitfield");
    const email = composeVisitEmail("visit:x:1", request, booked, letters, links, new Date());
    expect(email.subject).toBe("Your cleaning is booked: Tue Dec 1, 9:00–11:00 AM");
    expect(email.calendar?.method).toBe("REQUEST");
    const event = new ICAL.Component(
      ICAL.parse(email.calendar?.content ?? ""),
    ).getFirstSubcomponent("vevent");
    expect(event?.getFirstPropertyValue("uid")).toBe(`visit-${request.id}@example.com`);
    expect(event?.getFirstPropertyValue("sequence")).toBe(1);
    expect(JSON.stringify(email)).not.toContain("PILLS");
  });

  it("a move keeps the UID with the new SEQUENCE; a cancellation is METHOD:CANCEL", async () => {
    const request = await stored("Dana Whitfield");
    const moved = composeVisitEmail(
      "visit:x:2",
      request,
      {
        ...booked,
        action: "rebooked",
        start: "2026-12-02T19:00:00.000Z",
        end: "2026-12-02T21:00:00.000Z",
        sequence: 2,
      },
      letters,
      links,
      new Date(),
    );
    expect(moved.subject).toBe("Your cleaning has moved: Wed Dec 2, 2:00–4:00 PM");
    const cancelled = composeVisitEmail(
      "visit:x:3",
      request,
      { ...booked, action: "cancelled", sequence: 3 },
      letters,
      links,
      new Date(),
    );
    expect(cancelled.subject).toBe("Your cleaning on Tue Dec 1, 9:00–11:00 AM is cancelled");
    expect(cancelled.calendar?.method).toBe("CANCEL");
    const calendar = new ICAL.Component(ICAL.parse(cancelled.calendar?.content ?? ""));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const event = calendar.getFirstSubcomponent("vevent");
    expect(event?.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event?.getFirstPropertyValue("sequence")).toBe(3);
    expect(event?.getFirstPropertyValue("uid")).toBe(`visit-${request.id}@example.com`);
  });

  it("the reminder names tomorrow's time", async () => {
    const request = await stored("Dana Whitfield");
    const email = composeReminder("reminder:x:1", request, booked, letters, links);
    expect(email.subject).toBe("Reminder: your cleaning is tomorrow, Tue Dec 1, 9:00–11:00 AM");
    expect(email.text).toContain(links.requestPage);
  });
});
