/**
 * The rows of contact_requests, owner_notices, visitor_emails, request_events, follow_ups and the
 * site content's tables as both databases return them (snake_case columns), and their conversion to what the rest of the
 * code sees. One declaration for every
 * store: SQLite returns times as ISO text and JSON as text, Postgres (postgres.js) times as Date
 * objects, delivered_recipients as a text[] array and jsonb as objects; both become the same.
 */
import type { ServiceValue } from "../../../shared/contact-schema.ts";
import { withoutInvisibleCharacters } from "../../../shared/invisible-characters.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import type { VisitSource } from "../../../shared/visit-source.ts";
import { visitOf } from "../base/visit.ts";
import type { Notice } from "../store/owner-store.ts";
import type { RequestEvent, RequestEventKind, StoredVisitorEmail } from "./booking-store.ts";
import type { ContentVersion, ContentVersionSummary, HostCall } from "./content-store.ts";
import type { FollowUpKind, StoredFollowUp } from "./follow-up-store.ts";
import type { StoredNotice } from "./owner-store.ts";
import type { PictureFile, StoredPicture } from "./picture-store.ts";
import type { DeliveryStatus, LeadStatus, StoredContactRequest, StoredPlan } from "./store.ts";
import type { VisitorEmailKind } from "./visitor-email-kinds.ts";

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
  status_set_at: Time | null;
  /** JSON text in SQLite, a jsonb object from Postgres; null without quote details. */
  quote_details: string | StoredQuoteDetails | null;
  visit_start: Time | null;
  visit_end: Time | null;
  visit_sequence: number;
  visit_changed_at: Time | null;
  service_address: string | null;
  /** JSON text in SQLite, a jsonb object from Postgres; null without a source. */
  source: string | VisitSource | null;
  spam_reason: string | null;
  /** JSON text in SQLite, a jsonb object from Postgres; null without a plan. */
  plan?: string | StoredPlan | null;
  /** 1 while the visit waits for the owner's confirmation. */
  visit_held?: number | string | null;
};

/** The columns of ContactRequestRow, for SELECT and RETURNING lists. */
export const contactRequestColumns = `id, created_at, name, email, phone, service, other_service,
  message, status, delivery_status, attempts, last_error, next_attempt_at, sent_at, delivered_to,
  delivered_recipients, contacted_at, status_set_at, quote_details, visit_start, visit_end,
  visit_sequence, visit_changed_at, service_address, source, spam_reason, plan, visit_held`;

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
    // Rows stored before the schema stripped them may still hold invisible characters.
    name: withoutInvisibleCharacters(row.name),
    email: row.email,
    phone: row.phone,
    service: row.service as ServiceValue,
    otherService: withoutInvisibleCharacters(row.other_service),
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
    statusSetAt: row.status_set_at === null ? null : iso(row.status_set_at),
    ...(jsonColumn(row.quote_details) ?? {}),
    ...(row.visit_start !== null && row.visit_end !== null
      ? { visit: visitOf(new Date(row.visit_start), new Date(row.visit_end)) }
      : {}),
    visitSequence: Number(row.visit_sequence),
    visitChangedAt: row.visit_changed_at === null ? null : iso(row.visit_changed_at),
    ...(row.service_address ? { serviceAddress: row.service_address } : {}),
    ...(row.source === null ? {} : optional("source", jsonColumn(row.source))),
    ...(row.spam_reason ? { spamReason: row.spam_reason } : {}),
    ...(row.plan ? optional("plan", jsonColumn(row.plan)) : {}),
    ...(Number(row.visit_held ?? 0) === 1 ? { visitHeld: true as const } : {}),
  };
}

/** A JSON column: text from SQLite, an object from Postgres; null when empty or unreadable. */
function jsonColumn<T extends object>(value: string | T | null): T | null {
  if (value === null || typeof value !== "string") return value;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** `{ [name]: value }`, or nothing: a request without the value reads as before it existed. */
function optional<K extends string, T>(name: K, value: T | null): { [key in K]?: T } {
  return value === null ? {} : ({ [name]: value } as { [key in K]: T });
}

export type NoticeRow = {
  key: string;
  channel: string;
  request_id: string | null;
  /** JSON text in SQLite, a jsonb object from Postgres. */
  notice: string | Notice;
  created_at: Time;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Time | null;
};

/** The columns of NoticeRow. */
export const noticeColumns = `key, channel, request_id, notice, created_at, status, attempts,
  last_error, sent_at`;

export function toStoredNotice(row: NoticeRow): StoredNotice {
  return {
    key: row.key,
    channel: row.channel as StoredNotice["channel"],
    requestId: row.request_id,
    notice: typeof row.notice === "string" ? (JSON.parse(row.notice) as Notice) : row.notice,
    createdAt: new Date(row.created_at),
    status: row.status as StoredNotice["status"],
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

/** JSON text in SQLite, an object from Postgres. */
function jsonObject(value: string | Record<string, unknown>): Record<string, unknown> {
  return jsonColumn(value) ?? {};
}

export type VisitorEmailRow = {
  key: string;
  kind: string;
  request_id: string;
  recipient: string;
  payload: string | Record<string, unknown>;
  created_at: Time;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Time | null;
};

/** The columns of VisitorEmailRow. */
export const visitorEmailColumns = `key, kind, request_id, recipient, payload, created_at, status,
  attempts, last_error, sent_at`;

export function toStoredVisitorEmail(row: VisitorEmailRow): StoredVisitorEmail {
  return {
    key: row.key,
    kind: row.kind as VisitorEmailKind,
    requestId: String(row.request_id),
    recipient: row.recipient,
    payload: jsonObject(row.payload),
    createdAt: new Date(row.created_at),
    status: row.status as StoredVisitorEmail["status"],
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

export type EventRow = {
  id: string;
  request_id: string;
  at: Time;
  actor: string;
  kind: string;
  details: string | Record<string, unknown>;
};

export const eventColumns = "id, request_id, at, actor, kind, details";

export function toRequestEvent(row: EventRow): RequestEvent {
  return {
    id: String(row.id),
    requestId: String(row.request_id),
    at: iso(row.at),
    actor: row.actor as RequestEvent["actor"],
    kind: row.kind as RequestEventKind,
    details: jsonObject(row.details),
  };
}

export type FollowUpRow = {
  key: string;
  kind: string;
  request_id: string;
  address_hash: string;
  queued_status: string;
  created_at: Time;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Time;
  sent_at: Time | null;
};

/** The columns of FollowUpRow. */
export const followUpColumns = `key, kind, request_id, address_hash, queued_status, created_at,
  status, attempts, last_error, next_attempt_at, sent_at`;

export function toStoredFollowUp(row: FollowUpRow): StoredFollowUp {
  return {
    key: row.key,
    kind: row.kind as FollowUpKind,
    requestId: String(row.request_id),
    addressHash: row.address_hash,
    queuedStatus: row.queued_status,
    createdAt: iso(row.created_at),
    state: row.status as StoredFollowUp["state"],
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: iso(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

/** JSON text from SQLite, the value from Postgres. */
const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

export type ContentVersionRow = {
  version: number | string;
  published_at: Time;
  changes: unknown;
  restored_from: number | string | null;
  document?: unknown;
};

export const toContentSummary = (row: ContentVersionRow): ContentVersionSummary => ({
  version: Number(row.version),
  publishedAt: iso(row.published_at),
  changes: parsed(row.changes) as string[],
  restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
});

export const toContentVersion = (row: ContentVersionRow): ContentVersion => ({
  ...toContentSummary(row),
  document: parsed(row.document),
});

export type HostCallRow = Omit<HostCall, "calledAt" | "ok"> & { called_at: Time; ok: unknown };

/** `ok` is a boolean from Postgres, 1 or 0 from SQLite. */
export const toHostCall = ({ called_at, ok, ...call }: HostCallRow): HostCall => ({
  ...call,
  version: Number(call.version),
  calledAt: iso(called_at),
  ok: Number(ok) === 1,
});

export const toStoredPicture = (row: Omit<StoredPicture, "storedAt"> & { created_at: Time }) => ({
  id: row.id,
  width: Number(row.width),
  height: Number(row.height),
  storedAt: iso(row.created_at),
});

/** The bytes as a Uint8Array of their own (Postgres gives a Buffer). */
export const toPictureFile = (file: PictureFile): PictureFile => ({
  ...file,
  bytes: new Uint8Array(file.bytes),
});
