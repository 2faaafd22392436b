import { describe, expect, it } from "vitest";
import { limits, messages, serviceDescription, withThousandsSeparators } from "./contact-fields";

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

describe("serviceDescription", () => {
  it("names the service by its label, and Other by what the visitor typed after it", () => {
    expect(serviceDescription({ service: "carpet", otherService: "" })).toBe("Carpet Cleaning");
    expect(serviceDescription({ service: "other", otherService: "Window washing" })).toBe(
      "Other: Window washing",
    );
    expect(serviceDescription({ service: "other", otherService: "" })).toBe("Other");
  });
});
