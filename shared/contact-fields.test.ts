import { describe, expect, it } from "vitest";
import { limits, messages, withThousandsSeparators } from "./contact-fields";

describe("withThousandsSeparators", () => {
  it("groups digits in threes, as en-US does", () => {
    for (const value of [0, 7, 999, 1000, 5000, 12345, 1234567, 1000000]) {
      expect(withThousandsSeparators(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("reads right in the message people see", () => {
    expect(limits.message).toBe(5000);
    expect(messages.messageTooLong).toBe("Please keep your message under 5,000 characters.");
  });
});
