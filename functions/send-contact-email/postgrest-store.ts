/**
 * The Supabase host's store: the Postgres table from supabase/migrations, reached through the
 * project's REST API (PostgREST) with the service role key that Supabase gives every Edge Function.
 * Plain fetch, no database driver: nothing to download at deploy time, nothing that needs raw TCP.
 * Atomic steps (insert-or-find-duplicate, claim) are SQL functions in the migration, called as RPC;
 * the anon and authenticated roles can neither call them nor touch the table.
 */
import type { ServiceValue } from "../../shared/contact-schema.ts";
import {
  type ContactStore,
  type DeliveryStatus,
  type LeadStatus,
  type StoredContactRequest,
  StoreUnavailableError,
} from "./store.ts";

export type PostgrestStoreOptions = {
  /** SUPABASE_URL, e.g. https://abcd.supabase.co */
  url: string;
  /** SUPABASE_SERVICE_ROLE_KEY: server-side only, never in the browser. */
  serviceKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

type Row = {
  id: string;
  created_at: string;
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
  next_attempt_at: string;
  sent_at: string | null;
  delivered_to: string | null;
  delivered_recipients: string[] | null;
};

const columns =
  "id,created_at,name,email,phone,service,other_service,message,status,delivery_status,attempts," +
  "last_error,next_attempt_at,sent_at,delivered_to,delivered_recipients";

const iso = (value: string) => new Date(value).toISOString();

function toRequest(row: Row): StoredContactRequest {
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
    deliveredRecipients: row.delivered_recipients ?? [],
  };
}

export function createPostgrestStore(options: PostgrestStoreOptions): ContactStore {
  const base = `${options.url.replace(/\/+$/, "")}/rest/v1`;
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, init: { method: string; body?: unknown; prefer?: string }) {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: init.method,
        headers: {
          apikey: options.serviceKey,
          Authorization: `Bearer ${options.serviceKey}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(init.prefer ? { Prefer: init.prefer } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`Supabase REST API unreachable: ${detail}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new StoreUnavailableError(
        `Supabase REST API answered ${response.status} to ${init.method} ${path.split("?")[0]}: ${text.slice(0, 300)}`,
      );
    }
    return text ? (JSON.parse(text) as unknown) : null;
  }

  const byId = (id: string) => `/contact_requests?id=eq.${encodeURIComponent(id)}`;

  return {
    async submit({ id, data, fingerprint, receivedAt, dedupeWindowMs, status = "new" }) {
      const rows = (await call("/rpc/submit_contact_request", {
        method: "POST",
        body: {
          p_id: id,
          p_name: data.name,
          p_email: data.email,
          p_phone: data.phone,
          p_service: data.service,
          p_other_service: data.otherService,
          p_message: data.message,
          p_fingerprint: fingerprint,
          p_now: receivedAt.toISOString(),
          p_dedupe_ms: dedupeWindowMs,
          p_status: status,
        },
      })) as Array<{ id: string; duplicate: boolean }>;
      const row = rows[0];
      if (!row) throw new StoreUnavailableError("submit_contact_request returned no row");
      return { id: row.id, duplicate: row.duplicate };
    },
    async claimDue(now, limit, leaseMs) {
      const rows = (await call("/rpc/claim_contact_deliveries", {
        method: "POST",
        body: { p_now: now.toISOString(), p_limit: limit, p_lease_ms: leaseMs },
      })) as Row[];
      return rows.map(toRequest);
    },
    async markSent(id, at, deliveredTo) {
      await call(byId(id), {
        method: "PATCH",
        prefer: "return=minimal",
        body: {
          delivery_status: "sent",
          sent_at: at.toISOString(),
          delivered_to: deliveredTo,
          last_error: null,
          claimed_at: null,
        },
      });
    },
    async markRetry(id, { error, retryAt, deliveredRecipients }) {
      await call(`${byId(id)}&delivery_status=eq.pending`, {
        method: "PATCH",
        prefer: "return=minimal",
        body: {
          last_error: error,
          next_attempt_at: retryAt.toISOString(),
          claimed_at: null,
          ...(deliveredRecipients ? { delivered_recipients: deliveredRecipients } : {}),
        },
      });
    },
    async markFailed(id, { error, deliveredRecipients }) {
      await call(`${byId(id)}&delivery_status=eq.pending`, {
        method: "PATCH",
        prefer: "return=minimal",
        body: {
          delivery_status: "failed",
          last_error: error,
          claimed_at: null,
          ...(deliveredRecipients ? { delivered_recipients: deliveredRecipients } : {}),
        },
      });
    },
    async nextDueAt(leaseMs) {
      const due = (await call("/rpc/next_contact_delivery_due", {
        method: "POST",
        body: { p_lease_ms: leaseMs },
      })) as string | null;
      return due === null ? null : new Date(due);
    },
    async list() {
      const rows = (await call(`/contact_requests?select=${columns}&order=created_at.desc`, {
        method: "GET",
      })) as Row[];
      return rows.map(toRequest);
    },
    async close() {},
  };
}
