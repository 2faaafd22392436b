/**
 * The call to a static host's build hook, against a real HTTP server on loopback that answers as
 * each test tells it: one POST when the host takes it, one retry after the host's own failure,
 * none after a refusal, a time limit, no redirect to another host, and the hook's secret path in
 * no log line nor message.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Logger } from "../base/log.ts";
import { callDeployHook, tellStaticHost } from "./deploy-hook.ts";

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

const servers: { close(done?: () => void): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A stand-in host: answers the n-th request with answers[n] (the last one after that). */
async function standIn(...answers: Answer[]) {
  const received: { method: string; path: string; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      received.push({ method: request.method ?? "", path: request.url ?? "", body });
      const answer = answers[Math.min(received.length, answers.length) - 1];
      answer?.(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received };
}

const status =
  (code: number, headers: Record<string, string> = {}): Answer =>
  (_, response) => {
    response.writeHead(code, headers);
    response.end(code < 300 ? '{"id":"build"}' : "no");
  };
const never: Answer = () => {};

function recordingLog() {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    };
  const log: Logger = { info: record("info"), warn: record("warn"), error: record("error") };
  return { log, lines };
}

const secretPath = "/build_hooks/5c23354f454e1350f8543e78";

describe("the static host's build hook", () => {
  it("POSTs once with an empty body and says the host was told", async () => {
    const host = await standIn(status(200));
    const { log, lines } = recordingLog();
    const result = await callDeployHook({ url: `${host.origin}${secretPath}`, version: 3, log });
    expect(result).toMatchObject({ ok: true, attempts: 1, host: host.origin.slice(7) });
    expect(result.message).toContain("version 3");
    expect(host.received).toEqual([{ method: "POST", path: secretPath, body: "" }]);
    expect(lines.join("\n")).not.toContain("5c23354f");
    expect(lines.join("\n")).toContain(host.origin.slice(7));
  });

  it("tries once more after the host's own failure", async () => {
    const host = await standIn(status(500), status(201));
    const result = await callDeployHook({
      url: `${host.origin}${secretPath}`,
      version: 4,
      log: recordingLog().log,
      retryDelayMs: 10,
    });
    expect(result).toMatchObject({ ok: true, attempts: 2 });
    expect(host.received).toHaveLength(2);
  });

  it("gives up after the second failure, with the reason in words and the version kept", async () => {
    const host = await standIn(status(503));
    const { log, lines } = recordingLog();
    const result = await callDeployHook({
      url: `${host.origin}${secretPath}?token=hook-secret`,
      version: 5,
      log,
      retryDelayMs: 10,
    });
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    expect(host.received).toHaveLength(2);
    if (result.ok) return;
    expect(result.reason).toBe("it answered 503: the host had a problem of its own");
    expect(result.message).toMatch(/^Version 5 is saved, but the host .* was not told/);
    expect(result.message).toContain("Publish again");
    expect(`${lines.join("\n")}${result.message}`).not.toMatch(/5c23354f|hook-secret/);
  });

  it("does not repeat a hook the host does not know", async () => {
    const host = await standIn(status(404));
    const result = await callDeployHook({
      url: `${host.origin}${secretPath}`,
      version: 6,
      log: recordingLog().log,
      retryDelayMs: 10,
    });
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect(host.received).toHaveLength(1);
    if (!result.ok) expect(result.reason).toContain("make a new one");
  });

  it("stops waiting for a host that does not answer, and says so", async () => {
    const host = await standIn(never);
    const result = await callDeployHook({
      url: `${host.origin}${secretPath}`,
      version: 7,
      log: recordingLog().log,
      // Long enough for a loaded machine to connect both times (the host must see both
      // attempts), short enough to keep the test quick.
      timeoutMs: 1_500,
      retryDelayMs: 10,
    });
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    if (!result.ok) expect(result.reason).toBe("it did not answer within 1.5 seconds");
    expect(host.received).toHaveLength(2);
  });

  it("says so when nothing listens, without the secret path", async () => {
    const host = await standIn(status(200));
    const closed = servers.pop();
    await new Promise<void>((resolve) => (closed ? closed.close(() => resolve()) : resolve()));
    const result = await callDeployHook({
      url: `${host.origin}${secretPath}`,
      version: 8,
      log: recordingLog().log,
      retryDelayMs: 10,
    });
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    if (!result.ok) {
      expect(result.reason).toMatch(/^it could not be reached \(/);
      expect(result.reason).not.toContain("5c23354f");
    }
  });

  it("follows a redirect on the same host, never one to another host", async () => {
    const other = await standIn(status(200));
    const moved = await standIn(status(308, { location: "/hooks/new-place" }), status(200));
    expect(
      await callDeployHook({
        url: `${moved.origin}${secretPath}`,
        version: 9,
        log: recordingLog().log,
      }),
    ).toMatchObject({ ok: true, attempts: 1 });
    expect(moved.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${secretPath}`,
      "POST /hooks/new-place",
    ]);

    const away = await standIn(status(307, { location: `${other.origin}/collect` }));
    const result = await callDeployHook({
      url: `${away.origin}${secretPath}`,
      version: 10,
      log: recordingLog().log,
    });
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    if (!result.ok) expect(result.reason).toContain("another host");
    expect(other.received).toEqual([]);
  });

  it("is not called at all without DEPLOY_HOOK_URL", async () => {
    expect(await tellStaticHost({ deployHookUrl: null }, 1, recordingLog().log)).toBeNull();
    const host = await standIn(status(200));
    const told = await tellStaticHost(
      { deployHookUrl: `${host.origin}${secretPath}` },
      2,
      recordingLog().log,
    );
    expect(told).toMatchObject({ ok: true });
    expect(host.received).toHaveLength(1);
  });
});
