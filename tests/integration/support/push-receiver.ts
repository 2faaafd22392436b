/** A loopback HTTP server standing in for ntfy or a webhook: keeps what it receives, can refuse. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createArrivals } from "./arrivals.ts";

export type PushReceiver = {
  url: string;
  received: Array<{ path: string; body: string }>;
  /** Answer this status to the next `count` pushes (an outage), then 200 again. */
  refuseNext(count: number, status?: number): void;
  refused: number;
  waitFor(match: (body: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
};

export async function startPushReceiver(): Promise<PushReceiver> {
  let refuse = 0;
  let refuseStatus = 503;
  const arrivals = createArrivals();
  const receiver: PushReceiver = {
    url: "",
    received: [],
    refused: 0,
    refuseNext(count, status = 503) {
      refuse = count;
      refuseStatus = status;
    },
    async waitFor(match, timeoutMs = 15_000) {
      await arrivals.until(
        () => receiver.received.some((item) => match(item.body)),
        timeoutMs,
        "a push",
      );
      return receiver.received.find((item) => match(item.body))?.body ?? "";
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      if (refuse > 0) {
        refuse -= 1;
        receiver.refused += 1;
        response.writeHead(refuseStatus).end();
        return;
      }
      receiver.received.push({ path: request.url ?? "", body });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
      arrivals.arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
