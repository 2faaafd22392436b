import { describe, expect, it } from "vitest";
import { answerForClientError, rawJsonResponse } from "./protocol-errors.ts";

const error = (code: string) => Object.assign(new Error(code), { code });

describe("answers to requests Node's parser refuses", () => {
  it("maps parser and timeout errors to their statuses, and drops vanished clients", () => {
    expect(answerForClientError(error("HPE_INVALID_HEADER_TOKEN"))?.status).toBe(400);
    expect(answerForClientError(error("HPE_HEADER_OVERFLOW"))?.status).toBe(431);
    expect(answerForClientError(error("ERR_HTTP_REQUEST_TIMEOUT"))?.status).toBe(408);
    expect(answerForClientError(error("ECONNRESET"))).toBeNull();
  });

  it("writes a complete JSON answer with the security headers that closes the connection", () => {
    const raw = rawJsonResponse({ status: 400, error: "The request is not valid HTTP." });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain("Content-Type: application/json; charset=utf-8");
    expect(head).toContain("X-Content-Type-Options: nosniff");
    expect(head).toContain("Content-Security-Policy: default-src 'none'");
    expect(head).toContain("Connection: close");
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ error: "The request is not valid HTTP." });
  });
});
