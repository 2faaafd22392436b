import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkRequest } from "../app/lib/check-request.ts";
import { checkContactFields, emailShape } from "./contact-rules.ts";
import { validateContact } from "./contact-schema.ts";
import { repositoryFacts } from "./content/facts.ts";

const valid = {
  name: "Jordan Lee",
  email: "jordan@example.com",
  phone: "(484) 555-0100",
  service: "carpet",
  otherService: "",
  message: "Three rooms.",
};

// What a visitor may type, field by field: the form's check and the function's must agree.
const tries: Record<string, unknown[]> = {
  name: ["", "  ", "\u200b", "A".repeat(101), "Ann\u0007", " Ann ", "A\u200bnn", 5, undefined],
  email: ["", "a@b", "a@b.co", " a@b.co ", `${"a".repeat(250)}@b.co`, "a..b@c.com", ".a@b.co"],
  phone: ["", "123456", "555-0100", "(484) 555-0100", "+1 484 555 0100", "484x5550100"],
  service: ["", "other", "house", "residential", null],
  otherService: ["", "  ", "\u200b", "Gutters", "G".repeat(101), "a\u0001", undefined],
  message: ["", " ", "Hi\n\tthere", "bell\u0007", "x".repeat(5001)],
};

describe("the form's check and the function's schema", () => {
  it("use zod's own e-mail shape", () => {
    // The same pattern; zod escapes the hyphens that end its character classes, which changes nothing.
    expect(emailShape.source).toBe(z.regexes.email.source.replaceAll("\\-", "-"));
  });

  it("give the same answer, message and cleaned value for every field", () => {
    for (const [field, values] of Object.entries(tries))
      for (const value of values)
        for (const service of ["carpet", "other"]) {
          const input = { ...valid, service, otherService: "Gutters", [field]: value };
          const label = `${field}=${JSON.stringify(value)} with ${service}`;
          expect(checkContactFields(input), label).toEqual(validateContact(input));
        }
  });

  it("give the same answer for the quote details the form sends", () => {
    const now = new Date("2026-11-24T15:00:00Z");
    // The page's facts and the function's are the same version's: the repository's.
    const facts = repositoryFacts();
    const base = { ...valid, website: "", elapsedMs: 9000 };
    for (const extra of [
      { zip: "19406" },
      { zip: "19406-1234" },
      { zip: "1940" },
      { offer: "welcome-20" },
      { offer: "nope" },
      { preferredWindows: [{ date: "2026-11-25", window: "morning" as const }] },
      { preferredWindows: [{ date: "2026-11-29", window: "morning" as const }] },
      { zip: "bad", service: "other", otherService: " " },
      { source: { landingPage: "/exton", referrer: "www.google.com", utm: { source: "g" } } },
    ]) {
      const input = { ...base, ...extra };
      const server = validateContact(input, facts);
      // The function checks windows against the time it receives them; the form against its own.
      const form = checkRequest(input, facts, now);
      if (!("preferredWindows" in extra)) expect(form, JSON.stringify(extra)).toEqual(server);
      else
        expect(form.ok, JSON.stringify(extra)).toBe(
          extra.preferredWindows?.[0]?.date === "2026-11-25",
        );
    }
  });
});
