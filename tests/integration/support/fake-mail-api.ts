/**
 * A stand-in for Resend's POST /emails on loopback: records what it is sent and answers like the
 * real API ({ id }), or with an error while `failing` is set. Test support only.
 */
import { createServer, type Server } from "node:http";
import { createArrivals } from "./arrivals.ts";

export type ApiMail = {
  headers: Record<string, string | string[] | undefined>;
  body: {
    from: string;
    to: string[];
    reply_to: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
    attachments?: Array<{ filename: string; content: string; content_type: string }>;
  };
};

export type FakeMailApi = {
  url: string;
  received: ApiMail[];
  /** Answer every request with this status (e.g. 503) until set back to null. */
  failing: number | null;
  forRequest(id: string): ApiMail[];
  /** Mails to a visitor whose X-Visitor-Mail-Key starts with `prefix`. */
  visitorMail(prefix: string): ApiMail[];
  waitForVisitorMail(prefix: string, timeoutMs?: number): Promise<ApiMail>;
  waitForRequest(id: string, timeoutMs?: number): Promise<ApiMail>;
  stop(): Promise<void>;
};

export async function startFakeMailApi(): Promise<FakeMailApi> {
  const received: ApiMail[] = [];
  const arrivals = createArrivals();
  const seenKeys = new Map<string, string>();
  const api: FakeMailApi = {
    url: "",
    received,
    failing: null,
    forRequest: (id) =>
      received.filter((mail) => mail.body.headers?.["X-Contact-Request-Id"] === id),
    visitorMail: (prefix) =>
      received.filter((mail) =>
        (mail.body.headers?.["X-Visitor-Mail-Key"] ?? "").startsWith(prefix),
      ),
    async waitForVisitorMail(prefix, timeoutMs = 10_000) {
      await arrivals.until(
        () => api.visitorMail(prefix).length > 0,
        timeoutMs,
        `an API e-mail ${prefix}…`,
      );
      return api.visitorMail(prefix)[0] as ApiMail;
    },
    async waitForRequest(id, timeoutMs = 10_000) {
      await arrivals.until(
        () => api.forRequest(id).length > 0,
        timeoutMs,
        `an API e-mail for request ${id}`,
      );
      return api.forRequest(id)[0] as ApiMail;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (api.failing !== null) {
        response.statusCode = api.failing;
        response.end(JSON.stringify({ name: "application_error", message: "temporarily down" }));
        return;
      }
      if (request.method !== "POST" || request.url !== "/emails") {
        response.statusCode = 404;
        response.end("{}");
        return;
      }
      if (request.headers.authorization !== "Bearer re_test_key") {
        response.statusCode = 401;
        response.end(JSON.stringify({ message: "API key is invalid" }));
        return;
      }
      // Like Resend: the same Idempotency-Key answers with the first id and sends nothing new.
      const key = String(request.headers["idempotency-key"] ?? "");
      const known = seenKeys.get(key);
      if (known) {
        response.end(JSON.stringify({ id: known }));
        return;
      }
      const id = crypto.randomUUID();
      if (key) seenKeys.set(key, id);
      received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      });
      response.end(JSON.stringify({ id }));
      arrivals.arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  api.url = `http://127.0.0.1:${port}/emails`;
  return api;
}
