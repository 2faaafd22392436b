/**
 * Dates a person reads are the business's (America/New_York), whatever the instant's UTC day:
 * Thursday 9 PM in New York is Friday 2 AM in UTC.
 */

import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { visitWords } from "../base/visit.ts";
import type { RequestEvent } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { visitorStatus } from "./visitor-page.ts";

const thursdayNinePm = "2026-12-04T02:00:00.000Z";

describe("dates in the business's time zone", () => {
  it("a visit written in UTC (an event's details) is named by its New York day", () => {
    expect(visitWords({ start: thursdayNinePm, end: "2026-12-04T03:00:00.000Z" })).toBe(
      "Thu Dec 3, 9:00–10:00 PM",
    );
    // Ending past midnight in New York names its last day.
    expect(visitWords({ start: thursdayNinePm, end: "2026-12-04T06:00:00.000Z" })).toBe(
      "Thu Dec 3, 9:00 PM–1:00 AM (ends Fri Dec 4)",
    );
  });

  it("the visitor's page says the day they cancelled in New York", () => {
    const request = {
      ...validRequest(),
      id: "33333333-3333-4333-8333-333333333333",
      createdAt: "2026-12-01T15:00:00.000Z",
      status: "lost",
      visitSequence: 0,
    } as unknown as StoredContactRequest;
    const cancelled: RequestEvent = {
      id: "e",
      requestId: request.id,
      at: thursdayNinePm,
      actor: "visitor",
      kind: "cancelled-request",
      details: {},
    };
    expect(visitorStatus(request, [cancelled], repositoryFacts())).toBe(
      "You cancelled this request on Thu Dec 3.",
    );
  });
});
