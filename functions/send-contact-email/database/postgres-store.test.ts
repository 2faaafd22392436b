/**
 * The Postgres store on a real Postgres server (tests/integration/support/postgres.ts): the shared
 * store contract, then what several instances on one database must get right.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateContact } from "../../../shared/contact-schema.ts";
import { describeBookingStoreContract } from "../../../tests/contracts/booking-store-contract.ts";
import { describeContentStoreContract } from "../../../tests/contracts/content-store-contract.ts";
import { describeCountStoreContract } from "../../../tests/contracts/count-store-contract.ts";
import { describeFollowUpStoreContract } from "../../../tests/contracts/follow-up-store-contract.ts";
import { describeInboxStoreContract } from "../../../tests/contracts/inbox-store-contract.ts";
import { describeOwnerStoreContract } from "../../../tests/contracts/owner-store-contract.ts";
import { describePicturePurgeContract } from "../../../tests/contracts/picture-purge-contract.ts";
import { describePictureStoreContract } from "../../../tests/contracts/picture-store-contract.ts";
import { describeQueueContract } from "../../../tests/contracts/queue-contract.ts";
import { describeStoreContract } from "../../../tests/contracts/store-contract.ts";
import { unusedPort } from "../../../tests/integration/support/ports.ts";
import {
  type LocalPostgres,
  postgresRuns,
  startLocalPostgres,
} from "../../../tests/integration/support/postgres.ts";
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { readStore } from "../../../tests/support/store-fixture.ts";
import { fingerprintContact } from "../intake/fingerprint.ts";
import { applyMigrations, readMigrations } from "../store/migrations.ts";
import { StoreUnavailableError } from "../store/store.ts";
import { openPostgresStore, type PostgresStore } from "./postgres-store.ts";

describe.skipIf(!postgresRuns)("Postgres store", () => {
  let pg: LocalPostgres;
  let databases = 0;
  const open: PostgresStore[] = [];

  beforeAll(async () => {
    pg = await startLocalPostgres();
    // Every test gets a fresh copy of a migrated template database.
    pg.createDatabase("migrated");
    const store = openPostgresStore({ url: pg.urlFor("migrated") });
    await applyMigrations(store.sql);
    await store.close();
  });

  // Stopping removes a database for every test (about 7 MB each): on a loaded machine that took
  // over a minute, past the default hook limit.
  afterAll(async () => {
    await Promise.all(open.splice(0).map((store) => store.close().catch(() => {})));
    await pg?.stop();
  }, 180_000);

  function freshDatabase(): string {
    databases += 1;
    const name = `store_${databases}`;
    pg.psql(`create database ${name} template migrated`);
    return pg.urlFor(name);
  }

  function connect(url: string): PostgresStore {
    const store = openPostgresStore({ url, maxConnections: 4 });
    open.push(store);
    return store;
  }

  describeStoreContract("Postgres store", async () => openPostgresStore({ url: freshDatabase() }));
  describeOwnerStoreContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describeInboxStoreContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describeContentStoreContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describePictureStoreContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describePicturePurgeContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describeCountStoreContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describeFollowUpStoreContract("Postgres store", async () =>
    openPostgresStore({ url: freshDatabase() }),
  );
  describeBookingStoreContract(
    "Postgres store",
    async () => openPostgresStore({ url: freshDatabase() }),
    // Two pools on one database: two servers racing for one time.
    async () => {
      const url = freshDatabase();
      return [await openPostgresStore({ url }), await openPostgresStore({ url })];
    },
  );
  // Two pools on one database: two servers, or two Edge Function instances.
  describeQueueContract("Postgres store", async () => {
    const url = freshDatabase();
    return [openPostgresStore({ url }), openPostgresStore({ url })];
  });

  async function submission(overrides: { receivedAt?: Date; message?: string } = {}) {
    const result = validateContact({
      ...validRequest(),
      message: overrides.message ?? "Two rooms",
    });
    if (!result.ok) throw new Error("invalid sample");
    return {
      id: crypto.randomUUID(),
      data: result.data,
      fingerprint: await fingerprintContact(result.data),
      receivedAt: overrides.receivedAt ?? new Date(),
      dedupeWindowMs: 60_000,
    };
  }

  describe("several instances on one database", () => {
    it("never lets two instances claim the same request (SKIP LOCKED)", async () => {
      const url = freshDatabase();
      const [a, b] = [connect(url), connect(url)];
      const ids = new Set<string>();
      for (let index = 0; index < 60; index += 1) {
        const request = await submission({ message: `Request ${index}` });
        ids.add(request.id);
        await (index % 2 ? a : b).submit(request);
      }
      const claimedBy = { a: [] as string[], b: [] as string[] };
      const now = new Date(Date.now() + 1000);
      async function worker(store: PostgresStore, into: string[]) {
        for (;;) {
          const batch = await store.queue("deliveries").claim(now, 3, 60_000);
          if (batch.length === 0) return;
          into.push(...batch.map((row) => row.id));
        }
      }
      await Promise.all([worker(a, claimedBy.a), worker(b, claimedBy.b), worker(a, claimedBy.a)]);
      const all = [...claimedBy.a, ...claimedBy.b];
      expect(new Set(all).size).toBe(all.length);
      expect(new Set(all)).toEqual(ids);
      expect(claimedBy.b.length).toBeGreaterThan(0);
    });

    it("stores simultaneous repeats of one request once, whichever instance gets them", async () => {
      const url = freshDatabase();
      const stores = [connect(url), connect(url), connect(url)];
      const first = await submission();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          stores[index % 3]?.submit({ ...first, id: crypto.randomUUID() }),
        ),
      );
      const ids = new Set(results.map((result) => result?.id));
      expect(ids.size).toBe(1);
      expect(results.filter((result) => result && !result.duplicate)).toHaveLength(1);
      expect(await stores[0]?.list()).toHaveLength(1);
    });

    it("counts the rate limit in the database, across instances", async () => {
      const url = freshDatabase();
      const limits = [connect(url), connect(url)].map((store) =>
        store.rateLimiter({ max: 3, windowMs: 60_000 }),
      );
      const t0 = Date.parse("2025-05-01T12:00:00Z");
      const decisions = await Promise.all(
        Array.from({ length: 5 }, (_, index) => limits[index % 2]?.consume("198.51.100.7", t0)),
      );
      expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(3);
      expect(await limits[0]?.consume("198.51.100.7", t0 + 1000)).toEqual({
        allowed: false,
        retryAfterSeconds: 59,
      });
      expect(await limits[1]?.consume("203.0.113.9", t0 + 1000)).toEqual({ allowed: true });
      expect(await limits[1]?.consume("198.51.100.7", t0 + 60_000)).toEqual({ allowed: true });
    });

    it("sweeps ended rate-limit windows without waiting for a row another request holds", async () => {
      const store = connect(freshDatabase());
      const limiter = store.rateLimiter({ max: 5, windowMs: 1000 });
      const t0 = Date.parse("2025-05-01T12:00:00Z");
      await limiter.consume("198.51.100.1", t0);
      // Another request renews that ended window and has not committed yet.
      const holder = await store.sql.reserve();
      const sweeper = await store.sql.reserve();
      try {
        // A sweep that waited for the held row: Postgres itself cancels it, and the test says so.
        await sweeper`set lock_timeout = '3s'`;
        await holder`begin`;
        await holder`select 1 from public.contact_rate_limits where client_key = '198.51.100.1' for update`;
        // A seed whose first draw sweeps (about one call in a hundred does).
        let seed = 0;
        for (; seed < 1000; seed += 1) {
          await sweeper`select setseed(${seed / 1000})`;
          const [draw] = await sweeper<{ sweeps: boolean }[]>`select random() < 0.01 as sweeps`;
          if (draw?.sweeps) break;
        }
        await sweeper`select setseed(${seed / 1000})`;
        const [row] = await sweeper<{ allowed: boolean }[]>`
          select allowed from public.consume_contact_rate_limit(
            '203.0.113.2', 5, 1000, ${new Date(t0 + 5000)}::timestamptz)`;
        expect(row?.allowed).toBe(true);
      } finally {
        await sweeper`reset lock_timeout`.catch(() => {});
        await holder`rollback`.catch(() => {});
        holder.release();
        sweeper.release();
      }
    });
  });

  describe("the hourly e-mail cap's count", () => {
    it("is one count across instances, and gives each hour's digest to one of them", async () => {
      const database = freshDatabase();
      const counts = [connect(database).mailCount(), connect(database).mailCount()];
      const hour = 487_000;
      await Promise.all(Array.from({ length: 7 }, (_, index) => counts[index % 2]?.add(hour)));
      await counts[0]?.add(hour + 1);
      expect(await counts[1]?.sent(hour)).toBe(7);
      expect(await counts[0]?.sent(hour + 1)).toBe(1);
      expect(await counts[0]?.sent(hour + 5)).toBe(0);
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, index) => counts[index % 2]?.claimDigest(hour)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await counts[1]?.claimDigest(hour + 1)).toBe(true);
      expect(await counts[1]?.sent(hour)).toBe(7);
    });
  });

  describe("failures", () => {
    it("turns an unreachable database into StoreUnavailableError", async () => {
      const store = openPostgresStore({
        url: `postgres://postgres@127.0.0.1:${await unusedPort()}/postgres`,
        connectTimeoutSeconds: 2,
      });
      try {
        await expect(store.submit(await submission())).rejects.toBeInstanceOf(
          StoreUnavailableError,
        );
        await expect(
          store.rateLimiter({ max: 1, windowMs: 1000 }).consume("x"),
        ).rejects.toBeInstanceOf(StoreUnavailableError);
      } finally {
        await store.close();
      }
    });

    it("tries an insert again that Postgres failed to break a deadlock, and stores it once", async () => {
      const store = connect(freshDatabase());
      // The first insert fails the way a deadlock victim does; the sequence is not rolled back.
      await store.sql.unsafe(`
        create sequence public.fail_once;
        create function public.fail_first_insert() returns trigger language plpgsql as $$
        begin
          if nextval('public.fail_once') = 1 then
            raise exception 'deadlock detected' using errcode = '40P01';
          end if;
          return new;
        end $$;
        create trigger fail_first before insert on public.contact_requests
          for each row execute function public.fail_first_insert();`);
      const request = await submission();
      expect(await store.submit(request)).toEqual({ id: request.id, duplicate: false });
      expect((await store.list()).map((row) => row.id)).toEqual([request.id]);
      // The same id again (the first attempt committed unheard): stored once, answered as stored.
      expect(await store.submit(request)).toEqual({ id: request.id, duplicate: false });
      expect(await store.list()).toHaveLength(1);
    });

    it("refuses rows the schema would refuse, as StoreUnavailableError", async () => {
      const store = connect(freshDatabase());
      const request = await submission();
      await expect(
        store.submit({ ...request, data: { ...request.data, service: "windows" as "carpet" } }),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });

  describe("migrations", () => {
    it("apply once, even when several servers start at the same moment", async () => {
      const url = pg.createDatabase("migrate_race");
      const stores = [connect(url), connect(url), connect(url), connect(url)];
      const applied = await Promise.all(stores.map((store) => applyMigrations(store.sql)));
      const versions = readMigrations().map((migration) => migration.version);
      expect(applied.flat().sort()).toEqual(versions);
      expect(applied.filter((list) => list.length > 0)).toHaveLength(1);
      expect(await applyMigrations(stores[0]?.sql as PostgresStore["sql"])).toEqual([]);
      expect(
        pg.psql(
          "select string_agg(version, ',' order by version) from supabase_migrations.schema_migrations",
          {
            database: "migrate_race",
          },
        ),
      ).toBe(versions.join(","));
      await stores[0]?.submit(await submission());
      expect(await stores[1]?.list()).toHaveLength(1);
    });

    it("upgrade a database made by earlier migrations, keeping its requests", async () => {
      const url = pg.createDatabase("migrate_upgrade");
      const store = connect(url);
      const all = readMigrations();
      // The database as it was before the quote details: one request stored through the old
      // submit_contact_request (no quote details parameter).
      const earlier = all.filter((migration) => migration.version < "20261124050000");
      expect(await applyMigrations(store.sql, earlier)).toHaveLength(earlier.length);
      const old = "55555555-5555-4555-8555-555555555555";
      pg.psql(
        `select public.submit_contact_request('${old}', 'Old Request', 'old@example.org',
          '4845550199', 'carpet', '', 'stored before the upgrade', 'f-old', now(), 0, 'new')`,
        { database: "migrate_upgrade" },
      );
      expect(await applyMigrations(store.sql, all)).toEqual(
        all.slice(earlier.length).map((migration) => migration.version),
      );
      const kept = await store.get(old);
      expect(kept).toMatchObject({ id: old, name: "Old Request", status: "new" });
      expect(kept).not.toHaveProperty("zip");
      const request = await submission();
      await store.submit({
        ...request,
        details: { zip: "19312", inServiceArea: true, town: "Berwyn" },
      });
      expect(await store.get(request.id)).toMatchObject({ zip: "19312", town: "Berwyn" });
    });

    it("upgrade a database the stores before 0026 wrote, read as they read it", async () => {
      const fixtures = join(import.meta.dirname, "../../../tests/support/fixtures");
      const url = pg.createDatabase("before_0026");
      const store = connect(url);
      // The migrations that had shipped then, and the rows those stores wrote.
      const shipped = readMigrations().filter(({ version }) => version <= "20261128010000");
      await applyMigrations(store.sql, shipped);
      pg.psql(readFileSync(join(fixtures, "store-before-0026.pg.sql"), "utf8"), {
        database: "before_0026",
      });
      expect(await applyMigrations(store.sql)).toEqual(
        readMigrations()
          .slice(shipped.length)
          .map(({ version }) => version),
      );
      const before = JSON.parse(readFileSync(join(fixtures, "store-before-0026.json"), "utf8"));
      expect(await readStore(store)).toEqual(before);
    });

    it("roll back whole when one fails, and leave nothing recorded", async () => {
      const url = pg.createDatabase("migrate_broken");
      const store = connect(url);
      const broken = [
        ...readMigrations(),
        { version: "99990101000000", name: "broken", sql: "select nonsense from nowhere;" },
      ];
      await expect(applyMigrations(store.sql, broken)).rejects.toThrow(/nowhere/);
      expect(
        pg.psql("select count(*) from pg_tables where tablename = 'contact_requests'", {
          database: "migrate_broken",
        }),
      ).toBe("0");
    });
  });
});
