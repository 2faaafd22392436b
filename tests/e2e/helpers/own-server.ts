/**
 * A real embedded server of a spec's own, started before its tests and stopped after them: the
 * built site (or the one `env.STATIC_DIR` names), a private data folder and, unless `mail: false`,
 * a real SMTP server on loopback. The spec reads back what was stored (`leads`, as `npm run leads
 * --json` prints it) and what was e-mailed (`smtp`) without sharing state with the suite's server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type HostProcess,
  runLeads,
  startNodeServer,
} from "../../integration/support/processes.ts";
import { type SmtpSink, startSmtpSink } from "../../integration/support/smtp-sink.ts";
import { test } from "../fixtures";

type Options = {
  /** Settings besides DATA_DIR (and SMTP_URL with mail); may depend on the spec's folder. */
  env?: (folder: string) => Record<string, string> | Promise<Record<string, string>>;
  mail?: boolean;
};

export type OwnServer = {
  readonly url: string;
  readonly smtp: SmtpSink;
  readonly folder: string;
  readonly dataDir: string;
  /** Every stored request, newest first. */
  leads<Lead>(): Promise<Lead[]>;
};

export function ownServer(name: string, { env, mail = true }: Options = {}): OwnServer {
  let folder = "";
  let smtp: SmtpSink | undefined;
  let server: HostProcess | undefined;

  test.beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), `e2e-${name}-`));
    smtp = mail ? await startSmtpSink() : undefined;
    server = await startNodeServer(
      {
        DATA_DIR: join(folder, "data"),
        ...(smtp ? { SMTP_URL: smtp.url, MAIL_TO: "owner@example.com" } : {}),
        ...(await env?.(folder)),
      },
      folder,
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what}: the spec's server has not started`);
    return value;
  };
  return {
    get url() {
      return started(server, "url").url;
    },
    get smtp() {
      return started(smtp, "smtp");
    },
    get folder() {
      return folder;
    },
    get dataDir() {
      return join(folder, "data");
    },
    async leads<Lead>() {
      const output = await runLeads(join(folder, "data"), ["--json"], folder);
      return output
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Lead);
    },
  };
}
