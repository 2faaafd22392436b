/**
 * The contract's limits for a stored request, written out here on purpose instead of reusing the
 * project's schema: a bug in the schema must not also hide itself from the benchmark.
 * (docs/contact-api.md, "Request": trimmed strings, name up to 100 characters, one e-mail address
 * up to 254, phone 7 to 32 of digits and + ( ) - . space, otherService up to 100 and empty unless
 * the service is "other", message 1 to 5,000, no control characters but newline and tab in the
 * message.)
 */
import type { StoredRow } from "./store-reader.ts";

const services = [
  "residential",
  "janitorial",
  "commercial",
  "office",
  "post-construction",
  "carpet",
  "floor-wax",
  "other",
];

/** Characters as a person counts them (code points), not UTF-16 units. */
const length = (text: string) => [...text].length;
const trimmed = (text: string) => text === text.trim();
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const anyControl = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlButNewlineTab = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** What is wrong with a stored row by the contract; empty when nothing is. */
export function contractViolations(row: StoredRow): string[] {
  const wrong: string[] = [];
  const field = (name: string, ok: boolean) => {
    if (!ok) wrong.push(name);
  };
  field(
    "name",
    trimmed(row.name) &&
      length(row.name) >= 1 &&
      length(row.name) <= 100 &&
      !anyControl.test(row.name),
  );
  field(
    "email",
    trimmed(row.email) &&
      length(row.email) <= 254 &&
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email) &&
      !anyControl.test(row.email),
  );
  const digits = row.phone.replace(/\D/g, "").length;
  field(
    "phone",
    trimmed(row.phone) &&
      length(row.phone) >= 7 &&
      length(row.phone) <= 32 &&
      /^[0-9+()\-. ]+$/.test(row.phone) &&
      digits >= 7,
  );
  field("service", services.includes(row.service));
  field(
    "otherService",
    trimmed(row.otherService) &&
      length(row.otherService) <= 100 &&
      !anyControl.test(row.otherService) &&
      (row.service === "other" ? row.otherService.length > 0 : row.otherService === ""),
  );
  field(
    "message",
    trimmed(row.message) &&
      length(row.message) >= 1 &&
      length(row.message) <= 5000 &&
      !controlButNewlineTab.test(row.message),
  );
  return wrong;
}
