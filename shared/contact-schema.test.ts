import { describe, expect, it } from "vitest";
import { limits, messages, serviceOptions, validateContact } from "./contact-schema";

const valid = {
  name: "Jordan Lee",
  email: "jordan@example.com",
  phone: "(484) 555-0100",
  service: "carpet",
  otherService: "",
  message: "Three bedrooms of carpet.\nPets in the house.",
};

describe("contactSchema", () => {
  it("accepts a complete request and trims it", () => {
    const result = validateContact({ ...valid, name: "  Jordan Lee  " });
    expect(result).toEqual({ ok: true, data: { ...valid, name: "Jordan Lee" } });
  });

  it("requires Specify Service when the service is Other, with the product's message", () => {
    const result = validateContact({ ...valid, service: "other", otherService: "   " });
    expect(result).toEqual({ ok: false, fields: { otherService: messages.otherService } });
    expect(messages.otherService).toBe("Please specify the service you need");
  });

  it("stores otherService empty for every service but Other", () => {
    const result = validateContact({ ...valid, service: "office", otherService: "windows" });
    expect(result.ok && result.data.otherService).toBe("");
    const other = validateContact({ ...valid, service: "other", otherService: "windows" });
    expect(other.ok && other.data.otherService).toBe("windows");
  });

  it("accepts every service of the form, residential (house) cleaning first", () => {
    expect(serviceOptions[0]).toEqual({ value: "residential", label: "Residential Cleaning" });
    for (const { value } of serviceOptions) {
      const result = validateContact({ ...valid, service: value, otherService: "Gutters" });
      expect(result.ok, value).toBe(true);
    }
    // The seed's seven, values and labels unchanged (product.md, Quote form).
    expect(serviceOptions.slice(1)).toEqual([
      { value: "janitorial", label: "Janitorial Cleaning" },
      { value: "commercial", label: "Commercial Cleaning" },
      { value: "office", label: "Office Cleaning" },
      { value: "post-construction", label: "Post-Construction Cleaning" },
      { value: "carpet", label: "Carpet Cleaning" },
      { value: "floor-wax", label: "Floor Strip & Wax" },
      { value: "other", label: "Other" },
    ]);
    for (const unknown of ["house", "Residential", "residential ", ""]) {
      expect(validateContact({ ...valid, service: unknown }), unknown).toMatchObject({
        ok: false,
        fields: { service: messages.service },
      });
    }
  });

  it("rejects unknown services, bad e-mail and phone shapes", () => {
    const result = validateContact({
      ...valid,
      service: "pool",
      email: "not-an-email",
      phone: "call me",
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.fields).sort()).toEqual(["email", "phone", "service"]);
  });

  it("enforces the contract's length limits", () => {
    expect(validateContact({ ...valid, name: "x".repeat(limits.name + 1) }).ok).toBe(false);
    expect(validateContact({ ...valid, message: "x".repeat(limits.message + 1) }).ok).toBe(false);
    expect(validateContact({ ...valid, message: "x".repeat(limits.message) }).ok).toBe(true);
    expect(validateContact({ ...valid, phone: "123456" }).ok).toBe(false);
    expect(validateContact({ ...valid, phone: "1".repeat(limits.phoneMax + 1) }).ok).toBe(false);
  });

  it("keeps line breaks out of single-line fields but allows them in the message", () => {
    expect(validateContact({ ...valid, name: "Eve\r\nBcc: victim@example.com" }).ok).toBe(false);
    expect(validateContact({ ...valid, message: "line one\n\tline two" }).ok).toBe(true);
    expect(validateContact({ ...valid, message: "bell\u0007" }).ok).toBe(false);
  });

  it("drops bidirectional overrides and zero-width characters from the name and other service", () => {
    const result = validateContact({
      ...valid,
      name: "\u202eJane\u200d Doe\u2066\u2069",
      service: "other",
      otherService: "Gut\u200bters\u202c\ufeff",
    });
    expect(result.ok && [result.data.name, result.data.otherService]).toEqual([
      "Jane Doe",
      "Gutters",
    ]);
    // Nothing visible left: as empty.
    expect(validateContact({ ...valid, name: "\u200b\u202e" })).toMatchObject({
      ok: false,
      fields: { name: expect.any(String) },
    });
  });

  it("rejects missing fields, wrong types, extra fields and non-objects", () => {
    const { phone: _phone, ...missingPhone } = valid;
    expect(validateContact(missingPhone).ok).toBe(false);
    expect(validateContact({ ...valid, name: 42 }).ok).toBe(false);
    expect(validateContact({ ...valid, admin: true })).toEqual({
      ok: false,
      fields: { admin: "Unknown field." },
    });
    expect(validateContact(null).ok).toBe(false);
    expect(validateContact([valid]).ok).toBe(false);
  });
});
