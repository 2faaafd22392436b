/**
 * The contact_requests row as both databases return it (snake_case columns), and its conversion to
 * the StoredContactRequest the rest of the code sees. One declaration for every store: SQLite
 * returns times as ISO text, Postgres (postgres.js) as Date objects; both become ISO-8601 UTC.
 */
import type { ServiceValue } from "../../shared/contact-schema.ts";
import type { DeliveryStatus, StoredContactRequest } from "./store.ts";

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
  delivery_status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Time;
  sent_at: Time | null;
  delivered_to: string | null;
};

/** The columns of ContactRequestRow, for SELECT and RETURNING lists. */
export const contactRequestColumns = `id, created_at, name, email, phone, service, other_service,
  message, delivery_status, attempts, last_error, next_attempt_at, sent_at, delivered_to`;

const iso = (value: Time) => new Date(value).toISOString();

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
    deliveryStatus: row.delivery_status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: iso(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
    deliveredTo: row.delivered_to,
  };
}
