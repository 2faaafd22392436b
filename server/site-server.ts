/**
 * The embedded server: the prerendered site and the contact function on one port
 * (docs/decisions/0004-embedded-server.md). Timeouts bound what a slow or silent client can hold; shutdown
 * stops accepting, lets requests in flight finish, then closes the store.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errorMessage, type Logger } from "../functions/send-contact-email/log.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import type { ContactService } from "./contact-service.ts";
import { isSecureRequest } from "./node-http.ts";
import { answerForClientError, refuseOnSocket } from "./protocol-errors.ts";
import { lockedDownPolicy, securityHeaders } from "./security-headers.ts";

export type Fallback = (
  request: IncomingMessage,
  response: ServerResponse,
  baseHeaders: Record<string, string>,
) => void;

export type SiteServer = {
  server: Server;
  url: string;
  /** Graceful: no new connections, requests in flight finish (up to `graceMs`), then close. */
  close(graceMs?: number): Promise<void>;
};

export const functionsPrefix = "/functions/v1/";

export async function startSiteServer(options: {
  port: number;
  host: string;
  contact: ContactService;
  trustProxy: number;
  /** Everything that is not the function: the static site, or Vite in development. */
  fallback: Fallback;
  log: Logger;
}): Promise<SiteServer> {
  const { contact, log } = options;
  let inFlight = 0;
  let idle: (() => void) | null = null;

  const server = createServer(
    {
      // Slow clients: headers within 10 s, the whole request within 30 s, checked every second.
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1000,
      keepAliveTimeout: 5000,
      maxHeaderSize: 16 * 1024,
      // Checked below, so that the answer is JSON with our headers like every other refusal.
      requireHostHeader: false,
    },
    (request, response) => {
      inFlight += 1;
      response.once("close", () => {
        inFlight -= 1;
        if (inFlight === 0) idle?.();
      });
      const baseHeaders = securityHeaders({ secure: isSecureRequest(request, options.trustProxy) });
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      try {
        if (request.httpVersion === "1.1" && !request.headers.host) {
          // RFC 9112: an HTTP/1.1 request without Host is answered 400.
          const body = JSON.stringify({ error: "The request has no Host header." });
          response.writeHead(400, {
            ...baseHeaders,
            "Content-Type": "application/json; charset=utf-8",
            "Content-Length": String(Buffer.byteLength(body)),
            "Content-Security-Policy": lockedDownPolicy,
            "Cache-Control": "no-store",
            Connection: "close",
          });
          response.end(body);
        } else if (path === deploymentDefaults.functionPath) {
          contact
            .handle(request, response, baseHeaders)
            .catch((error) => fail(response, baseHeaders, error));
        } else if (path.startsWith(functionsPrefix)) {
          response.writeHead(404, {
            ...baseHeaders,
            "Content-Type": "application/json; charset=utf-8",
            "Content-Security-Policy": lockedDownPolicy,
            "Cache-Control": "no-store",
          });
          response.end(JSON.stringify({ error: "No such function." }));
        } else {
          options.fallback(request, response, baseHeaders);
        }
      } catch (error) {
        fail(response, baseHeaders, error);
      }
    },
  );
  server.timeout = 30_000;
  // Bytes that are not HTTP, headers too large, clients too slow: JSON answers, then close.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    refuseOnSocket(socket, answerForClientError(error));
  });
  // CONNECT would make this a proxy: never. (Without a listener Node drops the socket silently.)
  server.on("connect", (_request, socket) => {
    refuseOnSocket(
      socket,
      { status: 405, error: "This server is not a proxy." },
      { Allow: "GET, HEAD, POST, OPTIONS" },
    );
  });

  function fail(response: ServerResponse, baseHeaders: Record<string, string>, error: unknown) {
    log.error("request failed", { error: errorMessage(error) });
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(500, {
      ...baseHeaders,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Security-Policy": lockedDownPolicy,
      "Cache-Control": "no-store",
    });
    response.end(JSON.stringify({ error: "Internal error." }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${options.host === "0.0.0.0" || options.host === "::" ? "localhost" : shownHost}:${address.port}`;

  return {
    server,
    url,
    async close(graceMs = 10_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => {
            idle = resolve;
          }),
          new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      server.closeAllConnections();
      await closed;
    },
  };
}

/** SIGTERM / SIGINT: shut down once, in order; a second signal exits at once. */
export function onShutdownSignal(shutdown: (signal: string) => Promise<void>, log: Logger) {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) {
        log.warn("second signal: exiting now", { signal });
        process.exit(1);
      }
      stopping = true;
      log.info("shutting down", { signal });
      shutdown(signal).then(
        () => process.exit(0),
        (error) => {
          log.error("shutdown failed", { error: errorMessage(error) });
          process.exit(1);
        },
      );
    });
  }
}
