import { describe, expect, it } from "vitest";
import { judge } from "./judge.ts";

const json = "application/json; charset=utf-8";
const error = JSON.stringify({ error: "Please check the form." });
const secret = "TOP-SECRET-MARKER";

describe("judging answers to hostile requests", () => {
  it("wants the contract's status and a JSON error from the function", () => {
    const expect400 = { kind: "json-error", statuses: [400] } as const;
    expect(judge(expect400, { status: 400, contentType: json, body: error }, secret)).toBeNull();
    expect(judge(expect400, { status: 415, contentType: json, body: error }, secret)).toMatch(
      /415/,
    );
    expect(
      judge(expect400, { status: 400, contentType: "text/plain", body: "Bad" }, secret),
    ).toMatch(/content-type/);
    expect(judge(expect400, { status: 400, contentType: json, body: "{}" }, secret)).toMatch(
      /error/,
    );
    expect(judge(expect400, { status: 500, contentType: json, body: error }, secret)).toMatch(
      /500/,
    );
    expect(judge(expect400, { status: null, contentType: "", body: "" }, secret)).toMatch(/closed/);
  });

  it("accepts a 404 page for traversal on static paths, never a leak", () => {
    const refusal = { kind: "static-refusal", statuses: [400, 404] } as const;
    const page = { status: 404, contentType: "text/html", body: "<h1>Not found</h1>" };
    expect(judge(refusal, page, "SECRET")).toBeNull();
    expect(judge(refusal, { ...page, body: "x SECRET x" }, "SECRET")).toMatch(/leaks/);
    expect(judge(refusal, { ...page, body: "root:x:0:0:root" }, "SECRET")).toMatch(/leaks/);
    expect(judge(refusal, { ...page, status: 200 }, "SECRET")).toMatch(/200/);
  });

  it("lets a client that hung up go unanswered only when allowed, and HEAD go without a body", () => {
    const closedOk = { kind: "protocol-error", statuses: [400], closedIsFine: true } as const;
    expect(judge(closedOk, { status: null, contentType: "", body: "" }, secret)).toBeNull();
    const head = { kind: "protocol-error", statuses: [405], closedIsFine: false } as const;
    expect(
      judge(head, { status: 405, contentType: json, body: "", head: true }, secret),
    ).toBeNull();
    expect(judge(head, { status: null, contentType: "", body: "" }, secret)).toMatch(/closed/);
  });

  it("wants 200 with an id for valid requests", () => {
    const accepted = { kind: "accepted" } as const;
    const ok = JSON.stringify({ ok: true, id: "abc" });
    expect(judge(accepted, { status: 200, contentType: json, body: ok }, secret)).toBeNull();
    expect(judge(accepted, { status: 429, contentType: json, body: error }, secret)).toMatch(/429/);
  });
});
