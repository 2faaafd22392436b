/**
 * The embedded server: the prerendered site and the contact function on one port
 * (docs/decisions/0004-embedded-server.md). Timeouts bound what a slow or silent client can hold; shutdown
 * stops accepting, lets requests in flight finish, then closes the store.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import { errorMessage, type Logger } from "../functions/send-contact-email/index.ts";
import { deploymentDefaults } from "../shared/deployment-defaults.ts";
import { lockedDownPolicy, securityHeaders } from "../shared/security-headers.ts";
import type { ContactService } from "./contact-service.ts";
import { isSecureRequest } from "./node-http.ts";
import { answerForClientError, refuseOnSocket } from "./protocol-errors.ts";

export type Fallback = (
  request: IncomingMessage,
  response: ServerResponse,
  baseHeaders: Record<string, string>,
) => void;

export type SiteServer = {
  server: Server;
  url: string;
  /** The origins a browser uses to reach this server directly (CORS allows them). */
  origins: string[];
  /**
   * Graceful: for a short drain window new connections are still accepted (those waiting in the
   * listen backlog at the signal, and any that come while others keep coming), then no more; every
   * request received, or arriving on a connection already open, is answered with Connection: close
   * up to `graceMs`; then the rest is closed.
   */
  close(graceMs?: number): Promise<void>;
};

/** How long a connection that has not sent a whole request yet gets once shutdown has begun. */
const quietConnectionGraceMs = 1000;

/**
 * The drain window after a stop signal: the server keeps accepting until no new connection has
 * come for `quietMs` and a look at the listener then finds none waiting, and at most `maxMs`.
 * Closing the listener at once would reset every connection still in the kernel's backlog
 * (clients that connected while the process was busy):
 * behind a proxy, a 502 for a visitor who did nothing wrong. Once it stops listening a newcomer is
 * refused at connect, which a proxy may retry elsewhere.
 */
export const defaultDrain = { quietMs: 250, maxMs: 2000 };

const functionsPrefix = "/functions/v1/";

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

export async function startSiteServer(options: {
  port: number;
  host: string;
  contact: ContactService;
  trustProxy: number;
  /** Everything that is not the function: the static site, or Vite in development. */
  fallback: Fallback;
  log: Logger;
  drain?: { quietMs: number; maxMs: number };
}): Promise<SiteServer> {
  const { contact, log } = options;
  const drain = options.drain ?? defaultDrain;
  /** When the latest connection was accepted (the drain window waits for a quiet moment). */
  let lastConnectionAt = 0;
  /** Per open connection: requests it has in flight, and whether it has had one answered. */
  const connections = new Map<Socket, { active: number; served: boolean }>();
  const openResponses = new Set<ServerResponse>();
  let shuttingDown = false;
  let allClosed: (() => void) | null = null;

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
      const state = connections.get(request.socket);
      if (state) state.active += 1;
      openResponses.add(response);
      // Once shutdown has begun, every answer closes its connection after it.
      if (shuttingDown) response.shouldKeepAlive = false;
      response.once("close", () => {
        openResponses.delete(response);
        if (!state) return;
        state.active -= 1;
        state.served = true;
        // An idle kept-alive connection during shutdown: nothing more will come on it.
        if (shuttingDown && state.active === 0) request.socket.end();
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
        } else if (
          path === deploymentDefaults.functionPath ||
          path.startsWith(`${deploymentDefaults.functionPath}/`)
        ) {
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
  // Idle sockets close, but not before the editor's Publish has its answer: it waits up to 45 s
  // (publishWaitMs) for the new pages, sending nothing, and a socket closed under it makes the
  // browser post the form again ("Nothing changed" for a publish that happened).
  server.timeout = 60_000;
  server.on("connection", (socket: Socket) => {
    lastConnectionAt = performance.now();
    connections.set(socket, { active: 0, served: false });
    socket.once("close", () => {
      connections.delete(socket);
      if (connections.size === 0) allClosed?.();
    });
  });
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

  const origins = [
    ...new Set(
      options.host === "0.0.0.0" || options.host === "::" || isLoopback(options.host)
        ? [`http://localhost:${address.port}`, `http://127.0.0.1:${address.port}`, url]
        : [url],
    ),
  ];

  return {
    server,
    url,
    origins,
    async close(graceMs = 10_000) {
      shuttingDown = true;
      for (const response of openResponses) response.shouldKeepAlive = false;
      for (const [socket, state] of connections) {
        if (state.active === 0 && state.served) socket.end();
      }
      // The drain window: still accepting (each answer closes its connection), so that what
      // waits in the backlog is answered rather than reset.
      const drainStarted = performance.now();
      lastConnectionAt = drainStarted;
      for (;;) {
        const now = performance.now();
        const end = Math.min(lastConnectionAt + drain.quietMs, drainStarted + drain.maxMs);
        if (now < end) {
          await new Promise((resolve) => setTimeout(resolve, end - now));
          continue;
        }
        if (now >= drainStarted + drain.maxMs) break;
        // Quiet by the clock is not quiet: the loop accepts from the backlog between its other
        // work, and a busy turn (a request stored and synced) can outlast `quietMs` while
        // connections still wait. The timer fires before the loop looks at the listener again,
        // so let it look once (the poll phase, before setImmediate's): only a look that accepts
        // nothing ends the window.
        const before = lastConnectionAt;
        await new Promise((resolve) => setImmediate(resolve));
        if (lastConnectionAt === before) break;
      }
      // Stop listening without http.Server.close(), which would also drop connections that have
      // not sent their request yet: a client whose request was on its way would get a reset.
      const stopped = new Promise<void>((resolve) =>
        net.Server.prototype.close.call(server, () => resolve()),
      );
      log.info("no longer accepting connections", {
        drainMs: Math.round(performance.now() - drainStarted),
        open: connections.size,
      });
      for (const [socket, state] of connections) {
        if (state.active === 0 && state.served) socket.end();
      }
      // A connection that has sent nothing yet gets a moment for its request, then is closed.
      const quiet = setTimeout(() => {
        for (const [socket, state] of connections) {
          if (state.active === 0) socket.destroy();
        }
      }, quietConnectionGraceMs);
      quiet.unref();
      if (connections.size > 0) {
        await Promise.race([
          new Promise<void>((resolve) => {
            allClosed = resolve;
          }),
          new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      clearTimeout(quiet);
      for (const socket of connections.keys()) socket.destroy();
      await stopped;
    },
  };
}

/** Signals within this long of the first are the same request to stop (see below). */
const repeatWindowMs = 2000;

/**
 * SIGTERM / SIGINT: shut down once, in order. The same stop often arrives twice: a signal to the
 * process group reaches both npm and this process, and npm forwards its copy. A second signal
 * later than that (Ctrl-C pressed again) exits at once.
 */
export function onShutdownSignal(shutdown: (signal: string) => Promise<void>, log: Logger) {
  let stoppingSince: number | null = null;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stoppingSince !== null) {
        if (performance.now() - stoppingSince < repeatWindowMs) return;
        log.warn("second signal: exiting now", { signal });
        process.exit(1);
      }
      stoppingSince = performance.now();
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
