/**
 * HTTP/1.1 spoken byte by byte over node:net, for what no client library will send: broken
 * framing, forbidden bytes, lying lengths, clients that hang up or trickle. Reads one answer (or
 * notes that the server closed without one) and always destroys its socket.
 */
import { connect } from "node:net";

export type RawAnswer = {
  status: number | null;
  headers: Record<string, string>;
  body: Buffer;
  /** The server closed the connection (before or after answering). */
  closed: boolean;
  /** Neither an answer nor a close within the time limit. */
  hung: boolean;
  ms: number;
  error?: string;
};

type Parsed = { status: number; headers: Record<string, string>; bodyStart: number };

function parseHead(buffer: Buffer): Parsed | null {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine = "", ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? Number.NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, bodyStart: end + 4 };
}

/** The payload of a chunked body (enough for our answers: no trailers, no extensions). */
export function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size <= 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Writes `bytes`, then reads one response. `head`: the answer has no body whatever its headers say. */
export function rawExchange(
  port: number,
  bytes: Buffer,
  { timeoutMs = 5000, halfClose = false, head = false } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let settled = false;
    let closed = false;
    let error: string | undefined;
    const finish = (hung: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const parsed = parseHead(received);
      const rawBody = parsed ? received.subarray(parsed.bodyStart) : Buffer.alloc(0);
      const body = /chunked/i.test(parsed?.headers["transfer-encoding"] ?? "")
        ? dechunk(rawBody)
        : rawBody;
      socket.destroy();
      resolve({
        status: parsed && Number.isFinite(parsed.status) ? parsed.status : null,
        headers: parsed?.headers ?? {},
        body,
        closed,
        hung,
        ms: performance.now() - started,
        ...(error ? { error } : {}),
      });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const parsed = parseHead(received);
      if (!parsed) return;
      const length = Number(parsed.headers["content-length"] ?? Number.NaN);
      const noBody = head || parsed.status === 204 || parsed.status === 304;
      const chunkedDone =
        /chunked/i.test(parsed.headers["transfer-encoding"] ?? "") &&
        received.subarray(parsed.bodyStart).includes("0\r\n\r\n");
      if (
        noBody ||
        chunkedDone ||
        (Number.isFinite(length) && received.length - parsed.bodyStart >= length)
      )
        finish(false);
    });
    socket.on("error", (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.on("close", () => {
      closed = true;
      finish(false);
    });
    socket.on("connect", () => {
      // A reset while we are still writing (the server answered early and closed) is fine.
      socket.write(bytes, () => {
        if (halfClose) socket.end();
      });
    });
  });
}

export type SlowKind = "headers" | "body" | "silent";

export type SlowResult = {
  kind: SlowKind;
  /** When the server cut the connection (ms), or null if it never did within `maxMs`. */
  cutAfterMs: number | null;
  status: number | null;
  bytesSent: number;
};

/**
 * A client that trickles: header lines one every `intervalMs` ("headers"), a declared body one
 * byte every `intervalMs` ("body", to `path`), or nothing at all ("silent"). Resolves when the
 * server closes the connection or after `maxMs`.
 */
export function slowClient(
  port: number,
  kind: SlowKind,
  { path = "/", key = "", intervalMs = 1000, maxMs = 45_000 } = {},
): Promise<SlowResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let bytesSent = 0;
    let ticker: ReturnType<typeof setInterval> | undefined;
    let settled = false;
    const send = (text: string) => {
      if (socket.writable) {
        socket.write(text);
        bytesSent += Buffer.byteLength(text);
      }
    };
    const finish = (cut: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(ticker);
      clearTimeout(limit);
      socket.destroy();
      resolve({
        kind,
        cutAfterMs: cut ? performance.now() - started : null,
        status: parseHead(received)?.status ?? null,
        bytesSent,
      });
    };
    const limit = setTimeout(() => finish(false), maxMs);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });
    socket.on("error", () => {});
    socket.on("close", () => finish(true));
    socket.on("connect", () => {
      if (kind === "headers") {
        send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        let serial = 0;
        ticker = setInterval(() => {
          serial += 1;
          send(`X-Slow-${serial}: ${"z".repeat(8)}\r\n`);
        }, intervalMs);
      } else if (kind === "body") {
        send(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${key}\r\n` +
            "content-type: application/json\r\ncontent-length: 4000\r\n\r\n{",
        );
        ticker = setInterval(() => send(" "), intervalMs);
      }
    });
  });
}
