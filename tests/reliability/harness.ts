/**
 * The real parts every scenario runs against: server/start.ts as a child process on a free
 * loopback port, a real SMTP server (smtp-server) on loopback, data folders under one temporary
 * work folder. Reuses the integration tests' helpers (tests/integration/support), so the benchmark
 * and `npm test` start the server the same way. Everything started here is stopped by close(),
 * which the benchmark registers for errors and signals and the tests call in afterEach.
 */
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { type HostProcess, startNodeServer } from "../integration/support/processes.ts";
import {
  type SmtpSink,
  type SmtpSinkOptions,
  startSmtpSink,
} from "../integration/support/smtp-sink.ts";

export const benchKey = "sb_publishable_bench-key";
export const functionPath = "/functions/v1/send-contact-email";

export type RunningServer = HostProcess & {
  pid: number;
  dataDir: string;
  /** Resident set size of the server process in bytes (Linux /proc), or NaN once it has exited. */
  rss(): number;
};

export type HarnessOptions = {
  /** Temporary folder owned by this run: data folders go here; removed by close() if `own`. */
  workDir: string;
  /** The built site the server serves (STATIC_DIR). */
  staticDir: string;
  /** A string that exists only in a file outside the site: no response may ever contain it. */
  secret: string;
  /** Remove workDir on dispose(). */
  own?: boolean;
};

export type Harness = HarnessOptions & {
  key: string;
  dataDir(name: string): string;
  startServer(options: {
    dataDir: string;
    smtpUrl?: string;
    env?: Record<string, string>;
  }): Promise<RunningServer>;
  startSmtp(port?: number, options?: SmtpSinkOptions): Promise<SmtpSink>;
  /** Stops every server (SIGKILL if SIGTERM is not enough in 5 s) and SMTP server started so far. */
  close(): Promise<void>;
  /** close(), then removes workDir if the harness owns it. */
  dispose(): Promise<void>;
};

export function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib === undefined ? Number.NaN : Number(kib) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every `intervalMs` and keeps the peak. */
export function rssSampler(server: RunningServer, intervalMs = 250) {
  let peak = server.rss();
  const timer = setInterval(() => {
    const now = server.rss();
    if (now > peak) peak = now;
  }, intervalMs);
  timer.unref();
  return {
    stop(): number {
      clearInterval(timer);
      const now = server.rss();
      return Number.isNaN(now) ? peak : Math.max(peak, now);
    },
  };
}

async function stopGently(server: HostProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 5000);
  await server.stop("SIGTERM");
  clearTimeout(timer);
}

export function createHarness(options: HarnessOptions): Harness {
  const servers: RunningServer[] = [];
  const sinks: SmtpSink[] = [];
  return {
    ...options,
    key: benchKey,
    dataDir: (name) => join(options.workDir, `data-${name}`),
    async startServer({ dataDir, smtpUrl, env = {} }) {
      const started = await startNodeServer(
        {
          HOST: "127.0.0.1",
          PORT: "0",
          STATIC_DIR: options.staticDir,
          DATA_DIR: dataDir,
          CONTACT_PUBLIC_KEY: benchKey,
          MAIL_TO: "owner@example.com",
          MAIL_FROM: "Keystone Shine Website <website@example.com>",
          // Fast retries: an outage of seconds, not minutes, is what the benchmark can afford.
          OUTBOX_RETRY_BASE_MS: "200",
          OUTBOX_RETRY_MAX_MS: "2000",
          // Thousands of e-mails by design: the owner's hourly cap is off (scenario 8 tests it).
          MAIL_HOURLY_CAP: "0",
          // Thousands of visitors acknowledged too: their hourly bound is off like the owner's.
          ACKNOWLEDGEMENT_HOURLY_CAP: "0",
          // Required with DATABASE_URL (scenario 9): servers on one database sign links alike.
          OWNER_LINK_SECRET: "bench-server-owner-link-secret-0123456789",
          ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
          ...env,
        },
        options.workDir,
      );
      const pid = started.child.pid ?? -1;
      const server: RunningServer = {
        ...started,
        pid,
        dataDir,
        rss: () =>
          started.child.exitCode === null && started.child.signalCode === null
            ? readRss(pid)
            : Number.NaN,
      };
      servers.push(server);
      return server;
    },
    async startSmtp(port = 0, sinkOptions = {}) {
      const started = await startSmtpSink(port, sinkOptions);
      // Stopping twice (a scenario stops it, close() again) must not wait for a second close.
      let stopping: Promise<void> | null = null;
      const sink: SmtpSink = {
        ...started,
        stop: () => {
          stopping ??= started.stop();
          return stopping;
        },
      };
      sinks.push(sink);
      return sink;
    },
    async close() {
      for (const server of servers.splice(0).reverse()) await stopGently(server);
      for (const sink of sinks.splice(0)) await sink.stop().catch(() => {});
    },
    async dispose() {
      await this.close();
      if (options.own) await rm(options.workDir, { recursive: true, force: true });
    },
  };
}
