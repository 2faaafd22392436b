/**
 * `npm run backup` while `npm start` runs, then the restore docs/deploying.md describes ("Backups"):
 * the copy put into a new data folder, a server started on it, and the same requests served from
 * it, in the owner's inbox as a CSV.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxSubject } from "../../functions/send-contact-email/inbox/inbox-routes.ts";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { functionPath } from "./contract-cases.ts";
import { drainQueues, drainSecret } from "./support/drain.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { type HostProcess, runScript, startNodeServer } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";

const settings = {
  CONTACT_PUBLIC_KEY: "sb_publishable_backup-test-key",
  ALLOWED_ORIGINS: "https://www.example.org",
  MAIL_TO: "owner@example.com",
  MAIL_FROM: "Keystone Shine Website <website@example.com>",
  TRUST_PROXY: "1",
  OWNER_LINK_SECRET: "backup-test-owner-link-secret-0123456789",
  OUTBOX_DRAIN_SECRET: drainSecret,
};
const links = createLinkSigners(parseLinkSettings({}, settings.OWNER_LINK_SECRET));

let folder = "";
let site = "";
const servers: HostProcess[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "backup-"));
  site = await createFakeSite(folder);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(folder, { recursive: true, force: true });
});

async function start(dataDir: string) {
  const server = await startNodeServer(
    { ...settings, STATIC_DIR: site, DATA_DIR: dataDir },
    folder,
  );
  servers.push(server);
  return server;
}

async function submit(server: HostProcess, name: string) {
  const response = await fetch(`${server.url}${functionPath}`, {
    method: "POST",
    headers: {
      apikey: settings.CONTACT_PUBLIC_KEY,
      "content-type": "application/json",
      origin: settings.ALLOWED_ORIGINS,
      "x-forwarded-for": `192.0.2.${servers.length}`,
    },
    body: JSON.stringify({ ...validRequest({ name }), elapsedMs: 60_000, zip: "19406" }),
  });
  expect(response.status).toBe(200);
}

async function inboxCsv(server: HostProcess) {
  const token = await links.inbox.sign(inboxSubject, new Date());
  const response = await fetch(
    `${server.url}${functionPath}/inbox.csv?${new URLSearchParams({ token, status: "all" })}`,
  );
  expect(response.status).toBe(200);
  return response.text();
}

describe("npm run backup, and a restore from it", () => {
  it("copies the database while the server runs; a server on the copy serves the same requests", async () => {
    const running = await start(join(folder, "data"));
    for (const name of ["Dana Backup", "Sam Backup", "Ana Backup"]) await submit(running, name);
    // Every e-mail written out (to .eml files: no SMTP_URL), so nothing changes the rows meanwhile.
    await drainQueues(`${running.url}${functionPath}`);
    const before = await inboxCsv(running);
    expect(before.match(/Backup/g)).toHaveLength(3);

    const file = join(folder, "backups", "requests.db");
    const said = await runScript("scripts/backup.ts", join(folder, "data"), ["--to", file], folder);
    expect(said).toMatch(/^Saved 3 quote requests to backups\/requests\.db \(\d+\.\d MB\)\.\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The server goes on storing while and after the copy is made; the copy keeps its moment.
    await submit(running, "After Backup");

    const restored = join(folder, "restored");
    mkdirSync(restored, { mode: 0o700 });
    copyFileSync(file, join(restored, "contact-requests.db"));
    const fromCopy = await start(restored);
    expect(await inboxCsv(fromCopy)).toBe(before);

    // A second copy to the same file is refused, not written over.
    await expect(
      runScript("scripts/backup.ts", join(folder, "data"), ["--to", file], folder),
    ).rejects.toThrow(/exists already/);
  }, 120_000);
});
