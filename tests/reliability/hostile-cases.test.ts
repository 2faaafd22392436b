import { describe, expect, it } from "vitest";
import { maxBodyBytes } from "../../functions/send-contact-email/http/request-body.ts";
import { validateContact } from "../../shared/contact-schema.ts";
import { categoryAt, type HostileCase, hostileCase, mix } from "./hostile-cases.ts";
import { forwardedFor } from "./load.ts";

const context = {
  key: "k",
  runId: "test",
  seed: 7,
  client: (index: number) => forwardedFor(index),
};
const cases = Array.from({ length: 2000 }, (_, index) => hostileCase(index, context));

function parsedBody(item: HostileCase): unknown {
  if (item.transport !== "http" || !item.body) return undefined;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(item.body));
  } catch {
    return undefined;
  }
}

describe("hostile request generator", () => {
  it("is reproducible from its seed", () => {
    expect(hostileCase(123, context)).toEqual(hostileCase(123, context));
    expect(hostileCase(123, { ...context, seed: 8 })).not.toEqual(hostileCase(123, context));
  });

  it("has every category of the mix in every 100 consecutive cases", () => {
    const weights = Object.fromEntries(mix);
    expect(Object.values(weights).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    for (const start of [0, 100, 1700]) {
      const counts = new Map<string, number>();
      for (let index = start; index < start + 100; index += 1)
        counts.set(categoryAt(index), (counts.get(categoryAt(index)) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual(weights);
    }
  });

  it("makes function faults that the schema refuses, and accepted cases that it takes", () => {
    for (const item of cases) {
      const body = parsedBody(item);
      if (item.expect.kind === "accepted") {
        expect(validateContact(body).ok, item.category).toBe(true);
      } else if (
        item.expect.kind === "json-error" &&
        item.expect.statuses.includes(400) &&
        body !== undefined
      ) {
        expect(validateContact(body).ok, item.category).toBe(false);
      }
    }
  });

  it("sends oversized bodies raw, over the limit, and fields within it", () => {
    for (const item of cases) {
      if (item.category === "oversized-body") {
        expect(item.transport).toBe("raw");
        if (item.transport === "raw") expect(item.bytes.length).toBeGreaterThan(maxBodyBytes);
      }
      if (item.category === "oversized-fields" && item.transport === "http")
        expect(item.body?.length ?? 0).toBeLessThanOrEqual(maxBodyBytes);
    }
  });

  it("keeps invalid UTF-8 invalid", () => {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    for (const item of cases.filter((candidate) => candidate.category === "invalid-utf8")) {
      expect(() => decoder.decode(item.transport === "http" ? item.body : item.bytes)).toThrow();
    }
  });
});
