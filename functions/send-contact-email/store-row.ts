/**
 * The contact_requests row as both databases return it (snake_case columns), and its conversion to
 * the StoredContactRequest the rest of the code sees. One declaration for every store: SQLite
 * returns times as ISO text and delivered_recipients as JSON text, Postgres (postgres.js) times as
 * Date objects and delivered_recipients as a text[] array; quote_details is JSON text in one and
 * jsonb in the other; both become the same object.
 */
import type { ServiceValue } from "../../shared/contact-schema.ts";
import type { StoredQuoteDetails } from "../../shared/quote/quote-details.ts";
import type { DeliveryStatus, LeadStatus, StoredContactRequest } from "./store.ts";

type Time = string | Date;

export type ContactRequestRow = {
  id: string;
  created_at: Time;
  name: string;
  email: string;
  phone: string;
  service: string;
  other_service: string;
  message: string;
  status: string;
  delivery_status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Time;
  sent_at: Time | null;
  delivered_to: string | null;
  delivered_recipients: string | string[] | null;
  contacted_at: Time | null;
  /** JSON text in SQLite, a jsonb object from Postgres; null without quote details. */
  quote_details: string | StoredQuoteDetails | null;
};

/** The columns of ContactRequestRow, for SELECT and RETURNING lists. */
export const contactRequestColumns = `id, created_at, name, email, phone, service, other_service,
  message, status, delivery_status, attempts, last_error, next_attempt_at, sent_at, delivered_to,
  delivered_recipients, contacted_at, quote_details`;

const iso = (value: Time) => new Date(value).toISOString();

function recipients(value: string | string[] | null): string[] {
  if (Array.isArray(value)) return value.map(String);
  try {
    const parsed = JSON.parse(value ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function toStoredRequest(row: ContactRequestRow): StoredContactRequest {
  return {
    id: row.id,
    createdAt: iso(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service as ServiceValue,
    otherService: row.other_service,
    message: row.message,
    status: row.status as LeadStatus,
    deliveryStatus: row.delivery_status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: iso(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
    deliveredTo: row.delivered_to,
    deliveredRecipients: recipients(row.delivered_recipients),
    contactedAt: row.contacted_at === null ? null : iso(row.contacted_at),
    ...quoteDetails(row.quote_details),
  };
}

function quoteDetails(value: string | StoredQuoteDetails | null): StoredQuoteDetails {
  if (value === null) return {};
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as StoredQuoteDetails;
  } catch {
    return {};
  }
}
