/** Valid quote requests for tests; each call differs, so none is taken for a repeat. */
import type { ContactInput } from "../../../shared/contact-schema.ts";

let counter = 0;

export function validRequest(overrides: Partial<ContactInput> = {}): ContactInput {
  counter += 1;
  return {
    name: "Jane Doe",
    email: "jane.doe@example.org",
    phone: "(484) 555-0199",
    service: "carpet",
    otherService: "",
    message: `Three bedrooms, about 900 sq ft of carpet. Test ${counter} ${crypto.randomUUID()}`,
    ...overrides,
  };
}
