/**
 * The contract against the embedded Node server: real process on a free loopback port, SQLite in
 * a temporary data folder, a real SMTP server on loopback receiving the e-mails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll } from "vitest";
import { type ContractHost, describeContactContract, functionPath } from "./contract-cases.ts";
import { describeInboxContract, type InboxHost, inboxSettings } from "./inbox-cases.ts";
import { drainQueues, drainSecret } from "./support/drain.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { type HostProcess, startNodeServer } from "./support/processes.ts";
import { delivered, mailsTo, type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

let folder = "";
let smtp: SmtpSink;
let server: HostProcess;

const settings = {
  CONTACT_PUBLIC_KEY: "sb_publishable_contract-test-key",
  ALLOWED_ORIGINS: "https://www.example.org",
  MAIL_TO: "owner@example.com",
  MAIL_FROM: "Keystone Shine Website <website@example.com>",
  RATE_LIMIT_MAX: "3",
  TRUST_PROXY: "1",
  OUTBOX_RETRY_BASE_MS: "100",
  OUTBOX_RETRY_MAX_MS: "400",
  SQLITE_BUSY_TIMEOUT_MS: "200",
  OWNER_LINK_SECRET: "node-host-test-owner-link-secret-0123456789",
  OUTBOX_DRAIN_SECRET: drainSecret,
  ...inboxSettings,
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "node-host-"));
  smtp = await startSmtpSink();
  server = await startNodeServer(
    {
      ...settings,
      STATIC_DIR: await createFakeSite(folder),
      DATA_DIR: join(folder, "data"),
      SMTP_URL: smtp.url,
    },
    folder,
  );
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const host: () => ContractHost = () => ({
  projectUrl: server.url,
  publicKey: settings.CONTACT_PUBLIC_KEY,
  allowedOrigin: settings.ALLOWED_ORIGINS,
  rateLimitMax: Number(settings.RATE_LIMIT_MAX),
  mailTo: settings.MAIL_TO,
  waitForMail: async (id) => delivered(await smtp.waitForRequest(id)),
  mailCount: (id) => smtp.forRequest(id).length,
  drain: () => drainQueues(`${server.url}${functionPath}`),
  async withStoreUnavailable(work) {
    // Another connection holds the write lock: the server's insert times out (SQLITE_BUSY).
    const db = new DatabaseSync(join(folder, "data", "contact-requests.db"));
    db.exec("BEGIN EXCLUSIVE");
    try {
      return await work(server.url);
    } finally {
      db.exec("ROLLBACK");
      db.close();
    }
  },
});

describeContactContract("Node server", host);
describeInboxContract(
  "Node server",
  (): InboxHost => ({
    ...host(),
    ownerLinkSecret: settings.OWNER_LINK_SECRET,
    reviewUrl: settings.REVIEW_URL,
    mailsTo: (address) => mailsTo(smtp, address),
  }),
);
