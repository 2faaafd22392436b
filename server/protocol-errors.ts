/**
 * Answers for requests that never become a request: bytes Node's HTTP parser refuses (bad framing,
 * smuggling attempts, forbidden header bytes, oversized headers), clients too slow to finish in
 * time, and CONNECT. Node's own answers are a bare status line with no body and none of our
 * headers; these are the same statuses with a JSON `error` (contact-api.md: "Always JSON") and
 * the security headers, written straight to the socket, which is then closed.
 */
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { lockedDownPolicy, securityHeaders } from "../shared/security-headers.ts";

export type ProtocolAnswer = { status: number; error: string };

/** The answer to a parser or timeout error (Node's clientError), or null to just drop the socket. */
export function answerForClientError(error: NodeJS.ErrnoException): ProtocolAnswer | null {
  switch (error.code) {
    case "ECONNRESET":
    case "EPIPE":
      return null; // The client is gone: nobody to answer.
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, error: "The request took too long to arrive." };
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, error: "The request headers are too large." };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { status: 413, error: "The request is too large." };
    default:
      return { status: 400, error: "The request is not valid HTTP." };
  }
}

/** A complete HTTP/1.1 response that closes the connection. */
export function rawJsonResponse(answer: ProtocolAnswer, extra: Record<string, string> = {}) {
  const body = JSON.stringify({ error: answer.error });
  const headers: Record<string, string> = {
    ...securityHeaders(),
    "Content-Security-Policy": lockedDownPolicy,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    ...extra,
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  const reason = STATUS_CODES[answer.status] ?? "Error";
  return `HTTP/1.1 ${answer.status} ${reason}\r\n${head}\r\n\r\n${body}`;
}

type SocketWithResponse = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/** Writes the answer unless a response has already started on this socket; closes it either way. */
export function refuseOnSocket(
  socket: Duplex,
  answer: ProtocolAnswer | null,
  extra: Record<string, string> = {},
) {
  const started = (socket as SocketWithResponse)._httpMessage?.headersSent === true;
  if (answer && socket.writable && !started) {
    socket.end(rawJsonResponse(answer, extra));
    // A client that never reads must not keep the socket: give the answer a moment, then cut.
    setTimeout(() => socket.destroy(), 1000).unref();
  } else {
    socket.destroy();
  }
}
