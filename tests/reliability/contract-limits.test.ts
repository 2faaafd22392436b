import { describe, expect, it } from "vitest";
import { contractViolations } from "./contract-limits.ts";
import type { StoredRow } from "./store-reader.ts";

const row: StoredRow = {
  id: "x",
  name: "Jane Doe",
  email: "jane@example.org",
  phone: "(484) 555-0199",
  service: "carpet",
  otherService: "",
  message: "Two rooms.\n\tThanks",
  status: "new",
  deliveryStatus: "sent",
  attempts: 1,
  lastError: null,
};

describe("the contract's limits, written out", () => {
  it("accepts a row within them", () => {
    expect(contractViolations(row)).toEqual([]);
    expect(contractViolations({ ...row, service: "other", otherService: "Windows" })).toEqual([]);
  });

  it.each([
    ["name", { name: "x".repeat(101) }],
    ["name", { name: " Jane" }],
    ["email", { email: "a@b@c.org" }],
    ["phone", { phone: "555-01" }],
    ["phone", { phone: "call me maybe" }],
    ["service", { service: "windows" }],
    ["otherService", { otherService: "Windows" }],
    ["otherService", { service: "other", otherService: "" }],
    ["message", { message: "" }],
    ["message", { message: "x".repeat(5001) }],
    ["message", { message: "bell\u0007" }],
  ])("names %s when it is out of bounds", (field, change) => {
    expect(contractViolations({ ...row, ...change })).toEqual([field]);
  });
});
