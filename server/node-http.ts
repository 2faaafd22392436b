/**
 * Between Node's http module and the Web-standard function: the request's origin as a trusted
 * proxy reports it, a request body read with a hard cap, and a Response written back.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Past this much ignored body the connection is dropped rather than drained. */
export const maxDiscardBytes = 1024 * 1024;
/**
 * The same for an upload of a picture. A browser reads the answer only once it has sent the whole
 * file, so a connection cut under a too-large photo shows a network error instead of the page
 * that says "larger than 10 MB": a phone's photo is read to its end, up to this, then refused.
 */
export const maxUploadDiscardBytes = 64 * 1024 * 1024;

const hostShape = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;

/** `http://host:port` of this request as the browser addressed it (for same-origin checks). */
export function requestOrigin(request: IncomingMessage, trustProxy: number): string {
  const forwardedHost = trustProxy > 0 ? String(request.headers["x-forwarded-host"] ?? "") : "";
  const forwardedProto = trustProxy > 0 ? String(request.headers["x-forwarded-proto"] ?? "") : "";
  const host = [forwardedHost.split(",")[0]?.trim(), request.headers.host].find(
    (candidate) => candidate && hostShape.test(candidate),
  );
  const proto = forwardedProto.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${proto}://${host ?? "localhost"}`;
}

export function isSecureRequest(request: IncomingMessage, trustProxy: number): boolean {
  return requestOrigin(request, trustProxy).startsWith("https:");
}

/**
 * Reads at most `limit + 1` bytes: enough for the handler to see that a body is too large. The
 * rest is drained and dropped (so the 413 still reaches the client), or the connection is cut
 * once a client has sent more than `discardLimit` past it.
 */
export function readBoundedBody(
  request: IncomingMessage,
  limit: number,
  discardLimit = maxDiscardBytes,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let discarded = 0;
    const settle = () => {
      settled = true;
      resolve(Buffer.concat(chunks));
    };
    request.on("data", (chunk: Buffer) => {
      if (settled) {
        discarded += chunk.byteLength;
        if (discarded > discardLimit) request.socket.destroy();
        return;
      }
      const room = limit + 1 - size;
      chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.byteLength, room);
      if (size > limit) settle();
    });
    request.once("end", () => {
      if (!settled) settle();
    });
    request.once("error", (error) => {
      if (!settled) reject(error);
    });
    request.once("close", () => {
      if (!settled && !request.complete) reject(new Error("client closed the request"));
    });
  });
}

export function toWebHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

export async function writeWebResponse(
  response: ServerResponse,
  webResponse: Response,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(extraHeaders)) headers[name.toLowerCase()] = value;
  webResponse.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await webResponse.arrayBuffer());
  headers["content-length"] = String(body.byteLength);
  response.writeHead(webResponse.status, headers);
  response.end(body);
}
