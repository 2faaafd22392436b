/**
 * The tables as the one store sees them, whichever database holds them (the schema: the SQL
 * migrations under supabase/, one source in database/migrations/). A column reads as both
 * databases give it (SQLite: times as ISO text, JSON as text; Postgres through postgres.js: times
 * as Date, JSON as values, text[] as arrays, bigint as text) and is written as both take it:
 * times as ISO text, JSON and lists through the engine (engine.ts), never a Date or a boolean,
 * which node:sqlite cannot bind. store/store-row.ts turns rows into what the function sees.
 */
import type { ColumnType, Generated } from "kysely";

/** Written as ISO-8601 UTC text, read as text (SQLite) or Date (Postgres). */
type Time = ColumnType<Date | string, string, string>;
type MaybeTime = ColumnType<Date | string | null, string | null, string | null>;
/** What the engine makes of a JSON value or a list of text for its database (engine.ts). */
export type Encoded = { readonly encoded: unique symbol };
type Json<T> = ColumnType<T | string, Encoded, Encoded>;
type MaybeJson<T> = ColumnType<T | string | null, Encoded | null, Encoded | null>;
type Count = ColumnType<number | string, number, number>;

/** What every queue table has (store/queue-table.ts). */
type Queued = {
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Time;
  claimed_at: MaybeTime;
  sent_at: MaybeTime;
};

export type Database = {
  contact_requests: Queued & {
    id: string;
    created_at: Time;
    name: string;
    email: string;
    phone: string;
    service: string;
    other_service: Generated<string>;
    message: string;
    fingerprint: string;
    status: Generated<string>;
    delivery_status: Generated<string>;
    delivered_to: string | null;
    delivered_recipients: Generated<string | string[]>;
    contacted_at: MaybeTime;
    status_set_at: MaybeTime;
    quote_details: MaybeJson<object>;
    visit_start: MaybeTime;
    visit_end: MaybeTime;
    visit_sequence: Generated<number>;
    visit_changed_at: MaybeTime;
    service_address: string | null;
    source: MaybeJson<object>;
    spam_reason: string | null;
  };
  owner_notices: Queued & {
    key: string;
    channel: string;
    request_id: string | null;
    notice: Json<object>;
    created_at: Time;
    status: Generated<string>;
  };
  visitor_emails: Queued & {
    key: string;
    kind: string;
    request_id: string;
    recipient: string;
    payload: Json<Record<string, unknown>>;
    created_at: Time;
    status: Generated<string>;
  };
  request_events: {
    id: string;
    request_id: string;
    at: Time;
    actor: string;
    kind: string;
    details: Json<Record<string, unknown>>;
  };
  follow_ups: Queued & {
    key: string;
    kind: string;
    request_id: string;
    address_hash: string;
    queued_status: string;
    created_at: Time;
    status: Generated<string>;
  };
  email_opt_outs: { address_hash: string; opted_out_at: Time };
  /** `day` is a date on Postgres (read as a Date at midnight UTC), text on SQLite. */
  site_counts: {
    day: ColumnType<Date | string, string, string>;
    path: string;
    event: string;
    count: Count;
  };
  content_versions: {
    version: ColumnType<number | string, never, never>;
    published_at: Time;
    document: Json<unknown>;
    changes: Json<string[]>;
    restored_from: number | null;
  };
  content_pictures: { id: string; created_at: Time; width: number; height: number };
  content_picture_files: { name: string; picture_id: string; type: string; bytes: Uint8Array };
};
