import { describe, expect, it } from "vitest";
import { phoneDisplay, phoneHref, usPhone } from "./phone.ts";

describe("a visitor's phone number", () => {
  it.each([
    "(484) 555-0123",
    "484-555-0123",
    "484.555.0123",
    "4845550123",
    "+1 484 555 0123",
    "1 (484) 555-0123",
    " 484 555 0123 ",
  ])("%s is a US number: (484) 555-0123, tel:+14845550123", (typed) => {
    expect(usPhone(typed)).toEqual({ display: "(484) 555-0123", e164: "+14845550123" });
    expect(phoneDisplay(typed)).toBe("(484) 555-0123");
    expect(phoneHref(typed)).toBe("tel:+14845550123");
  });

  it.each([
    ["+44 20 7946 0958", "tel:+442079460958"],
    ["555-0123", "tel:5550123"],
    ["(084) 555-0123", "tel:0845550123"],
    ["484 555 0123 ext 7", "tel:48455501237"],
  ])("%s is shown as typed and dialled by its digits", (typed, href) => {
    expect(usPhone(typed)).toBeNull();
    expect(phoneDisplay(typed)).toBe(typed);
    expect(phoneHref(typed)).toBe(href);
  });
});
