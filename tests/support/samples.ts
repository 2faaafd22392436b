/**
 * A valid sample request stored as the handler stores one (tests of the owner's side, follow-ups,
 * the inbox): `validRequest` with the fields given, received at `receivedAt`, its own fingerprint
 * (never a repeat). Returns its id.
 */
import type {
  ContactStore,
  NewContactRequest,
} from "../../functions/send-contact-email/store/store.ts";
import { type ContactInput, validateContact } from "../../shared/contact-schema.ts";
import { validRequest } from "../integration/support/requests.ts";

export async function storeSample(
  store: Pick<ContactStore, "submit">,
  receivedAt: Date,
  fields: Partial<ContactInput> = {},
  extra: Partial<Pick<NewContactRequest, "status" | "details" | "source" | "spamReason">> = {},
): Promise<string> {
  const result = validateContact(validRequest(fields));
  if (!result.ok) throw new Error(`invalid sample: ${JSON.stringify(result.fields)}`);
  const id = crypto.randomUUID();
  await store.submit({
    id,
    data: result.data,
    fingerprint: id,
    receivedAt,
    dedupeWindowMs: 0,
    ...extra,
  });
  return id;
}
