/**
 * The requests and what is kept beside them: the ContactStore's submit and list, the OwnerStore
 * (store/store.ts, owner-store.ts), the FollowUpStore and the CountStore, written once for both
 * databases over the engine (engine.ts).
 */
import { type RawBuilder, sql } from "kysely";
import type { CountStore, SiteCount } from "../store/count-store.ts";
import type { FollowUpStore } from "../store/follow-up-store.ts";
import type { InboxStore, RequestSelection } from "../store/inbox-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import type { ContactStore } from "../store/store.ts";
import type { ContactRequestRow } from "../store/store-row.ts";
import * as storeRow from "../store/store-row.ts";
import { type Db, type Engine, idOrNone, reader, rows, select, writer } from "./engine.ts";

type Requests = Pick<ContactStore, "submit" | "list"> &
  Omit<OwnerStore, "enqueueNotice"> &
  InboxStore &
  FollowUpStore &
  CountStore;

type DatedCount = Omit<SiteCount, "day"> & { day: Date };

const oneOf = (column: string, values: string[]) =>
  values.length > 0 ? sql`${sql.ref(column)} in (${sql.join(values)})` : sql`false`;

/** The inbox's filters as SQL (store/inbox-store.ts; their meaning: leads/lead-filters.ts). */
function selected({ statuses, all, services, since, town }: RequestSelection) {
  const where = [sql`true`];
  if (statuses) where.push(oneOf("status", statuses));
  else if (!all)
    where.push(
      sql`(status <> 'spam' or (status_set_at is not null and delivery_status <> 'sent'))`,
    );
  if (services) where.push(oneOf("service", services));
  if (since) where.push(sql`created_at >= ${since.toISOString()}`);
  const wanted = town?.toLowerCase();
  // `->>` and `->` read a JSON column alike in SQLite and Postgres.
  const zip = sql`quote_details ->> 'zip'`;
  if (wanted === "outside")
    where.push(
      sql`${zip} is not null
          and coalesce(cast(quote_details -> 'inServiceArea' as text), '') <> 'true'`,
    );
  else if (wanted === "none") where.push(sql`${zip} is null`);
  // The area's towns are ASCII: SQL's lower() is JavaScript's there.
  else if (wanted) where.push(sql`lower(coalesce(quote_details ->> 'town', '')) = ${wanted}`);
  return sql.join(where, sql` and `);
}

export function requestsOf(engine: Engine): Requests {
  const insert = writer(engine, "insert");
  const update = writer(engine, "update");
  const notices = reader(engine, storeRow.toStoredNotice);
  const followUps = reader(engine, storeRow.toStoredFollowUp);
  // A date from Postgres is midnight UTC of that day.
  const counts = reader(engine, ({ day, count, ...row }: SiteCount | DatedCount) => ({
    ...row,
    day: typeof day === "string" ? day : day.toISOString().slice(0, 10),
    count: Number(count),
  }));
  /** Requests matching `where`, newest first (of equal times, the last stored first). */
  const newest = (db: Db, where = sql`true`, page = sql``) =>
    rows<ContactRequestRow>(
      db,
      sql`select * from contact_requests where ${where}
          order by created_at desc, ${sql.ref(engine.insertionOrder)} desc ${page}`,
    ).then((found) => found.map(storeRow.toStoredRequest));
  const requests = (where?: RawBuilder<unknown>) => engine.read("read", (db) => newest(db, where));
  /** A count (`as n`): a number from SQLite, text of a bigint from Postgres. */
  const tally = async (query: RawBuilder<{ n: number | string }>) =>
    Number((await select(engine, query))[0]?.n ?? 0);

  return {
    submit(request) {
      const { id, data, details, source, fingerprint, receivedAt, dedupeWindowMs } = request;
      const status = request.status ?? "new";
      const createdAt = receivedAt.toISOString();
      const since = new Date(receivedAt.getTime() - dedupeWindowMs).toISOString();
      const json = (value: object | undefined) => (value ? engine.json(value) : null);
      const submit = async (tx: Db) => {
        // Every server takes the fingerprint's lock first: the check and the insert are one step.
        await engine.lock(tx, fingerprint);
        // Stored unless the same request was (it was stored, the answer lost), or a repeat came
        // within the window, unless that one is spam: then that one's id.
        const earlier = sql`from contact_requests where fingerprint = ${fingerprint}
          and (id = ${id} or (created_at > ${since} and status <> 'spam'))`;
        const stored = await rows(
          tx,
          sql`insert into contact_requests (id, created_at, name,
            email, phone, service, other_service, message, fingerprint, next_attempt_at, status,
            quote_details, source, spam_reason)
          select ${id}, ${createdAt}, ${data.name}, ${data.email}, ${data.phone}, ${data.service},
            ${data.otherService}, ${data.message}, ${fingerprint}, ${createdAt}, ${status},
            ${json(details && Object.keys(details).length > 0 ? details : undefined)},
            ${json(source)},
            ${status === "spam" ? (request.spamReason?.slice(0, 200) ?? null) : null}
          where not exists (select 1 ${earlier}) returning id`,
        );
        if (stored.length > 0) return { id, duplicate: false };
        const [first] = await rows<{ id: string }>(
          tx,
          sql`select id ${earlier}
          order by id = ${id} desc, created_at limit 1`,
        );
        if (!first) throw new Error("not stored, and no earlier one found");
        return { id: String(first.id), duplicate: first.id !== id };
      };
      return engine.write("insert", submit, { retry: true });
    },
    list: () => requests(),
    selectRequests: (selection, { offset, limit }) =>
      engine.read("read", async (db) => {
        const where = selected(selection);
        if (selection.matches) {
          // A search reads what the filters leave, then pages what it finds.
          const found = (await newest(db, where)).filter(selection.matches);
          return { total: found.length, requests: found.slice(offset, offset + limit) };
        }
        const total = await tally(sql`select count(*) as n from contact_requests where ${where}`);
        const page = limit > 0 ? await newest(db, where, sql`limit ${limit} offset ${offset}`) : [];
        return { total, requests: page };
      }),
    get: async (id) => (await requests(sql`id = ${idOrNone(id)}`))[0] ?? null,
    setStatus: async (id, status, at) => {
      const when = at.toISOString();
      // The first answer records when; marking spam is not an answer.
      const contacted =
        status === "spam" ? sql`contacted_at` : sql`coalesce(contacted_at, ${when})`;
      const [row] = await update<ContactRequestRow>(sql`update contact_requests
        set status = ${status}, status_set_at = ${when}, contacted_at = ${contacted}
        where id = ${idOrNone(id)} returning *`);
      return row ? storeRow.toStoredRequest(row) : null;
    },
    listSince: (since) => requests(sql`created_at >= ${since.toISOString()}`),
    listTouchedSince: (since) => {
      const at = since.toISOString();
      return requests(sql`status <> 'spam'
        and (created_at >= ${at} or status_set_at >= ${at} or visit_changed_at >= ${at})`);
    },
    listNotices: () => notices(sql`select * from owner_notices order by created_at, key`),
    addCount: async (day, path, event) => {
      await writer(
        engine,
        "count",
      )(sql`insert into site_counts (day, path, event, count)
        values (${day}, ${path}, ${event}, 1)
        on conflict (day, path, event) do update set count = site_counts.count + 1`);
    },
    countsBetween: (from, to) =>
      counts(sql`select * from site_counts where day >= ${from} and day <= ${to}
        order by day, path, event`),
    enqueueFollowUp: async (item) => {
      // A stopped one may be queued again, afresh; any other is sent at most once.
      const queued = await insert(sql`insert into follow_ups (key, kind, request_id, address_hash,
          queued_status, created_at, next_attempt_at)
        values (${item.key}, ${item.kind}, ${item.requestId}, ${item.addressHash},
          ${item.queuedStatus}, ${item.createdAt.toISOString()}, ${item.dueAt.toISOString()})
        on conflict (key) do update set status = 'pending', attempts = 0, last_error = null,
          claimed_at = null, queued_status = excluded.queued_status,
          created_at = excluded.created_at, next_attempt_at = excluded.next_attempt_at
        where follow_ups.status = 'stopped' returning key`);
      return queued.length > 0;
    },
    stopFollowUp: async (key, reason) => {
      await update(sql`update follow_ups set status = 'stopped', last_error = ${reason},
        claimed_at = null where key = ${key} and status = 'pending'`);
    },
    followUpsSentTo: (addressHash, since) =>
      tally(sql`select count(*) as n from follow_ups where address_hash = ${addressHash}
        and status = 'sent' and sent_at >= ${since.toISOString()}`),
    listFollowUps: (requestId) =>
      followUps(sql`select * from follow_ups where request_id = ${idOrNone(requestId)}
        order by created_at, key`),
    optOut: async (addressHash, at) => {
      await insert(sql`insert into email_opt_outs (address_hash, opted_out_at)
        values (${addressHash}, ${at.toISOString()}) on conflict (address_hash) do nothing`);
    },
    isOptedOut: async (addressHash) =>
      (await select(engine, sql`select 1 from email_opt_outs where address_hash = ${addressHash}`))
        .length > 0,
  };
}
