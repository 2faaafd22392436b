/**
 * The behaviour every CountStore must have (sqlite-store.test.ts, postgres-store.test.ts): daily
 * totals per page and event, added one at a time, also by many at once, read back by days.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { CountStore } from "../../functions/send-contact-email/store/count-store.ts";

export function describeCountStoreContract(
  name: string,
  open: () => Promise<CountStore & { close(): Promise<void> }>,
) {
  describe(`${name}: the CountStore contract`, () => {
    let store: CountStore & { close(): Promise<void> };
    beforeEach(async () => {
      store = await open();
      return () => store.close();
    });

    it("adds one at a time to the total of a day, page and event", async () => {
      await store.addCount("2026-11-23", "/exton", "view");
      await store.addCount("2026-11-23", "/exton", "view");
      await store.addCount("2026-11-23", "/exton", "call");
      await store.addCount("2026-11-24", "/", "view");
      expect(await store.countsBetween("2026-11-23", "2026-11-24")).toEqual([
        { day: "2026-11-23", path: "/exton", event: "call", count: 1 },
        { day: "2026-11-23", path: "/exton", event: "view", count: 2 },
        { day: "2026-11-24", path: "/", event: "view", count: 1 },
      ]);
    });

    it("counts every one of many events arriving at once", async () => {
      await Promise.all(
        Array.from({ length: 40 }, () => store.addCount("2026-11-23", "/contact", "form-start")),
      );
      expect(await store.countsBetween("2026-11-23", "2026-11-23")).toEqual([
        { day: "2026-11-23", path: "/contact", event: "form-start", count: 40 },
      ]);
    });

    it("reads the days asked for, both ends included", async () => {
      for (const day of ["2026-11-22", "2026-11-23", "2026-11-29", "2026-11-30"])
        await store.addCount(day, "/", "view");
      const days = (await store.countsBetween("2026-11-23", "2026-11-29")).map((row) => row.day);
      expect(days).toEqual(["2026-11-23", "2026-11-29"]);
      expect(await store.countsBetween("2027-01-01", "2027-01-31")).toEqual([]);
    });
  });
}
