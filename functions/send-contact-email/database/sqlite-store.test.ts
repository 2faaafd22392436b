import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
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
import { validRequest } from "../../../tests/integration/support/requests.ts";
import { readStore } from "../../../tests/support/store-fixture.ts";
import { fingerprintContact } from "../intake/fingerprint.ts";
import { readMigrations, sqliteMigrationsDir } from "../store/migrations.ts";
import { StoreUnavailableError } from "../store/store.ts";
import { openSqliteStore } from "./sqlite-store.ts";

const folders: string[] = [];
function tempFolder() {
  const folder = mkdtempSync(join(tmpdir(), "contact-sqlite-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describeStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describeStoreContract("SQLite store in memory", async () => openSqliteStore(":memory:"));

describeOwnerStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describeInboxStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describeContentStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describePictureStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describePicturePurgeContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describeCountStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describeFollowUpStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
describeBookingStoreContract("SQLite store", async () =>
  openSqliteStore(join(tempFolder(), "contact.db")),
);
// Two connections to one file: the server and `npm run leads`, or a store reopened meanwhile.
describeQueueContract("SQLite store", async () => {
  const path = join(tempFolder(), "contact.db");
  return [openSqliteStore(path), openSqliteStore(path)];
});

async function submission() {
  const result = validateContact(validRequest());
  if (!result.ok) throw new Error("invalid sample");
  return {
    id: crypto.randomUUID(),
    data: result.data,
    fingerprint: await fingerprintContact(result.data),
    receivedAt: new Date(),
    dedupeWindowMs: 60_000,
  };
}

describe("SQLite store on disk", () => {
  it("creates its folder and schema, in WAL mode, readable by the owner only", async () => {
    const path = join(tempFolder(), "nested", "contact.db");
    const store = openSqliteStore(path);
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    const recorded = db.prepare("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(recorded.all().map((row) => ({ ...row }))).toEqual(
      readMigrations(sqliteMigrationsDir).map(({ version, name }) => ({ version, name })),
    );
    db.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("reads names and other-service text stored before the schema dropped invisible characters without them", async () => {
    const store = openSqliteStore(join(tempFolder(), "contact.db"));
    const request = await submission();
    await store.submit({
      ...request,
      data: {
        ...request.data,
        name: "Eve\u202e lin\u200bk",
        service: "other",
        otherService: "x\u2066y",
      },
    });
    expect(await store.get(request.id)).toMatchObject({ name: "Eve link", otherService: "xy" });
    await store.close();
  });

  it("keeps its WAL and shared-memory files private too, in a folder that already existed", async () => {
    // The umask of a shell or a container (0022) would give them 0644; the WAL holds requests.
    const folder = tempFolder();
    const path = join(folder, "contact.db");
    const store = openSqliteStore(path);
    await store.submit(await submission());
    for (const file of [path, `${path}-wal`, `${path}-shm`])
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    await store.close();
  });

  it("narrows WAL and shared-memory files that an earlier version left readable by others", async () => {
    const path = join(tempFolder(), "contact.db");
    const earlier = new DatabaseSync(path);
    earlier.exec("PRAGMA journal_mode = WAL");
    earlier.exec("CREATE TABLE t (x)");
    chmodSync(path, 0o600);
    for (const file of [`${path}-wal`, `${path}-shm`]) chmodSync(file, 0o644);
    const store = openSqliteStore(path);
    for (const file of [`${path}-wal`, `${path}-shm`])
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    await store.close();
    earlier.close();
  });

  it("upgrades a database made by the store before supabase/sqlite-migrations, keeping it all", async () => {
    // Made by the previous code (user_version 4): four requests (sent and contacted, with quote
    // details, refused for good after one recipient accepted, spam) and two notices.
    const path = join(tempFolder(), "contact.db");
    copyFileSync(
      join(import.meta.dirname, "../../../tests/support/fixtures/contact-requests-v4.db"),
      path,
    );
    const store = openSqliteStore(path);
    const rows = Object.fromEntries((await store.list()).map((row) => [row.message, row]));
    expect(Object.keys(rows)).toHaveLength(4);
    expect(rows["Sent, then contacted by the owner."]).toMatchObject({
      deliveryStatus: "sent",
      status: "contacted",
      deliveredTo: "smtp:hello@example.com",
      contactedAt: "2026-11-20T15:00:00.000Z",
    });
    expect(rows["With quote details."]).toMatchObject({
      zip: "19462",
      offer: { id: "welcome-20", percentOff: 20 },
      estimate: { low: 205, high: 270 },
      preferredWindows: [{ date: "2026-11-24", window: "morning" }],
    });
    expect(rows["Refused for good after one recipient accepted."]).toMatchObject({
      deliveryStatus: "failed",
      lastError: "550 mailbox unavailable",
      deliveredRecipients: ["a@example.com"],
    });
    expect(rows["Spam."]?.status).toBe("spam");
    const notices = await store.listNotices();
    expect(notices.map((notice) => [notice.key, notice.status])).toEqual([
      ["alert:00000000-0000-4000-8000-000000000002:push", "pending"],
      ["digest:2026-11-22:email", "sent"],
    ]);
    // It works as a new one does, and nothing ran twice.
    const request = await submission();
    await store.submit(request);
    expect(
      await store.queue("deliveries").claim(new Date(Date.now() + 1000), 10, 60_000),
    ).toMatchObject([{ message: "With quote details." }, { id: request.id }]);
    await store.close();
    const db = new DatabaseSync(path);
    const versions = db.prepare("SELECT version, applied_at FROM schema_migrations").all();
    // The four it counted in user_version are recorded as such; the later ones ran now.
    expect(versions.map((row) => row.applied_at)).toEqual(
      readMigrations(sqliteMigrationsDir).map(({ version }) =>
        Number(version) <= 4 ? "user_version" : expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ),
    );
    expect(rows["Spam."]?.statusSetAt).toBeNull();
    // 0006 moved the status column: every row kept its status, and `booked` is now allowed.
    expect(
      db.prepare("SELECT status, count(*) AS n FROM contact_requests GROUP BY status").all(),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "contacted" }),
        expect.objectContaining({ status: "spam" }),
      ]),
    );
    db.exec(`UPDATE contact_requests SET status = 'booked' WHERE status = 'contacted'`);
    expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    db.close();
  });

  it("upgrades a file the stores before 0026 wrote, and reads every row of it as they did", async () => {
    const fixtures = join(import.meta.dirname, "../../../tests/support/fixtures");
    const path = join(tempFolder(), "contact.db");
    copyFileSync(join(fixtures, "store-before-0026.db"), path);
    const store = openSqliteStore(path);
    const before = JSON.parse(readFileSync(join(fixtures, "store-before-0026.json"), "utf8"));
    expect(await readStore(store)).toEqual(before);
    await store.close();
    const db = new DatabaseSync(path);
    const recorded = db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
    expect(recorded.map((row) => row.version)).toEqual(
      readMigrations(sqliteMigrationsDir).map(({ version }) => version),
    );
    db.close();
  });

  it("keeps committed requests across close and reopen, and migrates only once", async () => {
    const path = join(tempFolder(), "contact.db");
    const first = openSqliteStore(path);
    const request = await submission();
    await first.submit(request);
    await first.close();
    const second = openSqliteStore(path);
    expect((await second.list()).map((row) => row.id)).toEqual([request.id]);
    await second.close();
  });

  it("releases claims left by a crashed process so delivery resumes at once", async () => {
    const path = join(tempFolder(), "contact.db");
    const store = openSqliteStore(path);
    const request = await submission();
    await store.submit(request);
    const now = new Date(Date.now() + 1000);
    expect(await store.queue("deliveries").claim(now, 10, 120_000)).toHaveLength(1);
    expect(await store.queue("deliveries").claim(now, 10, 120_000)).toHaveLength(0);
    expect(await store.releaseClaims()).toBe(1);
    expect(await store.queue("deliveries").claim(now, 10, 120_000)).toHaveLength(1);
    await store.close();
  });

  it("reports a locked database as unavailable instead of waiting forever", async () => {
    const path = join(tempFolder(), "contact.db");
    const store = openSqliteStore(path, { busyTimeoutMs: 50 });
    const other = new DatabaseSync(path);
    other.exec("BEGIN EXCLUSIVE");
    await expect(store.submit(await submission())).rejects.toBeInstanceOf(StoreUnavailableError);
    other.exec("ROLLBACK");
    other.close();
    await expect(store.submit(await submission())).resolves.toMatchObject({ duplicate: false });
    await store.close();
  });
});

describe("SQLite group commit", () => {
  it("commits writes of the same turn together; a repeat among them gets the first id", async () => {
    const store = openSqliteStore(join(tempFolder(), "contact.db"));
    const requests = await Promise.all(Array.from({ length: 30 }, () => submission()));
    const repeat = { ...(requests[0] as Awaited<ReturnType<typeof submission>>), id: "repeat" };
    const results = await Promise.all(
      [...requests, repeat].map((request) => store.submit(request)),
    );
    expect(results.slice(0, 30).every((result) => !result.duplicate)).toBe(true);
    expect(results[30]).toEqual({ id: requests[0]?.id, duplicate: true });
    expect(await store.list()).toHaveLength(30);
    await store.close();
  });

  it("fails only the write that fails, and commits the others of its group", async () => {
    const path = join(tempFolder(), "contact.db");
    const store = openSqliteStore(path);
    const first = await submission();
    await store.submit(first);
    // Same id as a stored row but a different request: the primary key refuses it.
    const clash = { ...(await submission()), id: first.id };
    const others = await Promise.all([submission(), submission()]);
    const outcomes = await Promise.allSettled([clash, ...others].map((item) => store.submit(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
    expect(await store.list()).toHaveLength(3);
    await store.close();
  });

  it("commits queued writes before closing", async () => {
    const path = join(tempFolder(), "contact.db");
    const store = openSqliteStore(path);
    const request = await submission();
    const pending = store.submit(request);
    await store.close();
    await expect(pending).resolves.toEqual({ id: request.id, duplicate: false });
    const reopened = openSqliteStore(path);
    expect((await reopened.list()).map((row) => row.id)).toEqual([request.id]);
    await reopened.close();
  });
});

describe("SQLite store faults", () => {
  it("answers a full disk as unavailable, and works again once there is room", async () => {
    let opened: DatabaseSync | undefined;
    const store = openSqliteStore(join(tempFolder(), "full.db"), {
      tune: (connection) => {
        opened = connection;
      },
    });
    if (!opened) throw new Error("tune() was not called");
    const db = opened;
    const { max_page_count: normal } = db.prepare("PRAGMA max_page_count").get() as {
      max_page_count: number;
    };
    const { page_count: used } = db.prepare("PRAGMA page_count").get() as { page_count: number };
    db.exec(`PRAGMA max_page_count = ${used + 2}`);
    let refusal: unknown = null;
    for (let index = 0; index < 50 && refusal === null; index += 1) {
      const big = await submission();
      big.data = { ...big.data, message: `${index} ${"x".repeat(4900)}` };
      refusal = await store.submit(big).then(
        () => null,
        (error: unknown) => error,
      );
    }
    expect(refusal).toBeInstanceOf(StoreUnavailableError);
    expect(String(refusal)).toMatch(/full/i);
    db.exec(`PRAGMA max_page_count = ${normal}`);
    await expect(store.submit(await submission())).resolves.toMatchObject({ duplicate: false });
    await store.close();
  });

  it("survives a COMMIT and a ROLLBACK that both fail: the writes fail, the process goes on", async () => {
    let failing = true;
    const store = openSqliteStore(join(tempFolder(), "rollback.db"), {
      tune: (connection) => {
        const exec = connection.exec.bind(connection);
        connection.exec = (sql: string) => {
          if (failing && (sql === "COMMIT" || sql === "ROLLBACK")) throw new Error(`${sql} failed`);
          return exec(sql);
        };
      },
    });
    await expect(store.submit(await submission())).rejects.toBeInstanceOf(StoreUnavailableError);
    failing = false;
    await expect(store.submit(await submission())).resolves.toMatchObject({ duplicate: false });
    await store.close();
  });
});
