/**
 * A bare static server for the page benchmark's floor: `node:http` answering a few fixed pages
 * with Content-Type and Content-Length only, none of the site's own headers. What a page scores
 * from here is what Chromium and Lighthouse cost on this machine, nothing of ours.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type BarePage = { body: string; headers?: Record<string, string> };

export async function startBareServer(
  pages: Record<string, BarePage>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const page = pages[(request.url ?? "/").split("?")[0] ?? "/"];
    const body = page?.body ?? "Not Found";
    response.writeHead(page ? 200 : 404, {
      "Content-Type": page ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      ...page?.headers,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
