import { describe, expect, it } from "vitest";
import { repositoryContent } from "../repository-content.ts";
import { checkSiteContent, type SiteContent } from "../site-content.ts";

/** The problems of the repository's document with its booking settings changed. */
function problems(change: Record<string, unknown>) {
  const document = structuredClone(repositoryContent) as SiteContent;
  Object.assign(document.booking, change);
  const checked = checkSiteContent(document);
  return checked.ok ? [] : checked.problems;
}

describe("the booking settings' rules", () => {
  it("take the repository's settings and the bounds a cleaning company needs", () => {
    expect(problems({})).toEqual([]);
    expect(problems({ crews: 20, travelMinutes: 0, cutoffHours: 168, daysAhead: 180 })).toEqual([]);
    expect(problems({ onlineServices: [] })).toEqual([]);
  });

  it("refuse what would make no sense, each in words beside its field", () => {
    expect(problems({ crews: 0 })).toEqual([
      { path: "booking.crews", message: "Enter the number of crews from 1 to 20." },
    ]);
    expect(problems({ travelMinutes: 1.5 })).toEqual([
      {
        path: "booking.travelMinutes",
        message: "Enter the time kept for travel as a whole number.",
      },
    ]);
    expect(
      problems({
        homeMinutes: {
          base: 0,
          perBedroom: 20,
          perBathroom: 25,
          perExtra500SquareFeet: 15,
          extraAttention: 60,
        },
      }),
    ).toEqual([
      { path: "booking.homeMinutes.base", message: "Enter the base time from 30 to 600." },
    ]);
    expect(problems({ cutoffHours: 169 })[0]?.path).toBe("booking.cutoffHours");
    expect(problems({ noticeOpenDays: 15 })[0]?.path).toBe("booking.noticeOpenDays");
    expect(problems({ closedDayVisits: "later" })).toEqual([
      {
        path: "booking.closedDayVisits",
        message: "Choose what happens to a visit on a closed day from the list.",
      },
    ]);
  });

  it("book online only services with an estimate, each once: never Other", () => {
    expect(problems({ onlineServices: ["other"] })[0]?.path).toBe("booking.onlineServices.0");
    expect(problems({ onlineServices: ["carpet", "carpet"] })).toEqual([
      { path: "booking.onlineServices", message: "Tick each of the services once." },
    ]);
  });

  it("refuse an earliest day after the last day customers can book", () => {
    expect(problems({ noticeOpenDays: 5, daysAhead: 4 })).toEqual([
      {
        path: "booking.noticeOpenDays",
        message: "Customers could never book: the earliest day is after how far ahead they can.",
      },
    ]);
  });
});
