/**
 * Lighthouse refuses to score a page answered with status 404. To measure the 404 page anyway,
 * this loopback proxy forwards every request to the site unchanged (same bytes, same headers,
 * compression included) except that the answer to the chosen paths has its status 404 turned into
 * 200. Only the status line differs from what a visitor gets.
 */
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { onCleanup } from "./cleanup.ts";

const hopByHop = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

export type StatusProxy = { url: string; close: () => Promise<void> };

/** The status the proxy answers with: 200 instead of 404 for the rewritten paths. */
export function proxiedStatus(status: number, pathname: string, rewrite: ReadonlySet<string>) {
  return status === 404 && rewrite.has(pathname) ? 200 : status;
}

export async function startStatusProxy(
  upstream: string,
  rewritePaths: readonly string[],
): Promise<StatusProxy> {
  const target = new URL(upstream);
  const client = target.protocol === "https:" ? https : http;
  const rewrite = new Set(rewritePaths);

  const server = http.createServer((request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!hopByHop.has(name)) headers[name] = value;
    }
    headers.host = target.host;
    const upstreamRequest = client.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (upstreamResponse) => {
        const pathname = (request.url ?? "/").split("?")[0] ?? "/";
        const outHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(upstreamResponse.headers)) {
          if (!hopByHop.has(name) && value !== undefined) outHeaders[name] = value;
        }
        response.writeHead(
          proxiedStatus(upstreamResponse.statusCode ?? 502, pathname, rewrite),
          outHeaders,
        );
        upstreamResponse.pipe(response);
      },
    );
    upstreamRequest.setTimeout(30_000, () => upstreamRequest.destroy(new Error("timeout")));
    upstreamRequest.on("error", (error) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(`bench proxy: ${error.message}\n`);
    });
    request.pipe(upstreamRequest);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const forget = onCleanup("the 404 proxy", close);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      forget();
      await close();
    },
  };
}
