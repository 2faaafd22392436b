import { describe, expect, it } from "vitest";
import type { ScheduledVisit } from "./schedule.ts";
import { parseScheduleDays, scheduleJsonLines, scheduleText } from "./schedule-formats.ts";

const visit: ScheduledVisit = {
  requestId: "a1",
  start: "2026-12-01T09:00:00-05:00",
  end: "2026-12-01T13:00:00-05:00",
  name: "Dana Whitfield",
  phone: "4845550199",
  email: "dana@example.org",
  address: "12 Main St, Exton PA 19341",
  town: "Exton",
  zip: "19341",
  price: { low: 180, high: 220 },
  kind: "One-time",
  moved: null,
};

describe("npm run leads -- --schedule's words", () => {
  it("writes a visit on one line, as the owner reads it", () => {
    expect(scheduleText([visit], 1)).toBe(
      "Tue Dec 1, 9:00 AM–1:00 PM  Dana Whitfield  (484) 555-0199  12 Main St, Exton PA 19341  $180–$220  One-time\n\n1 visit in the next day.\n",
    );
  });

  it("names a plan's visit, and the date a moved one stands for (and why, off a closed day)", () => {
    const plan: ScheduledVisit = {
      ...visit,
      price: { low: 150, high: 190 },
      kind: "Plan: every week",
      moved: { from: "2026-11-26", closedDay: "Thanksgiving" },
    };
    expect(scheduleText([plan], 1)).toContain(
      "  $150–$190  Plan: every week, moved from Thu Nov 26 (Thanksgiving)\n",
    );
    const moved = { ...plan, moved: { from: "2026-11-24", closedDay: null } };
    expect(scheduleText([moved], 1)).toContain("  Plan: every week, moved from Tue Nov 24\n");
    expect(scheduleJsonLines([moved])).toContain(
      '"kind":"Plan: every week","moved":{"from":"2026-11-24","closedDay":null}}',
    );
  });

  it("says which visits wait for the owner's confirmation", () => {
    expect(scheduleText([{ ...visit, held: true }], 1)).toContain(
      "  $180–$220  One-time, held for you to confirm\n",
    );
  });

  it("prints what a visitor typed, never a terminal's control sequence", () => {
    const typed = { ...visit, name: "Eve\u001b[31m\nRed", address: "1 A St\u202e" };
    const text = scheduleText([typed], 14);
    expect(text).not.toContain("\u001b");
    expect(text).not.toContain("\u202e");
    expect(text).toContain("  Eve [31m Red  ");
    const line = scheduleJsonLines([{ ...visit, name: "Eve\u2028" }]);
    expect(line).toContain('"name":"Eve\\u2028"');
    expect(line.endsWith("}\n")).toBe(true);
  });

  it("takes --days from 1 to 366, 14 without it", () => {
    expect(parseScheduleDays(undefined)).toBe(14);
    expect(parseScheduleDays("30")).toBe(30);
    for (const wrong of ["0", "367", "2.5", "-3", "two", ""])
      expect(() => parseScheduleDays(wrong)).toThrow(/--days/);
  });
});
