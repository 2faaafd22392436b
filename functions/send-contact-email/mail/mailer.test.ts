import { describe, expect, it } from "vitest";
import { classifyMailError, MailDeliveryError } from "./mailer.ts";

const smtpError = (code: string, responseCode?: number) =>
  Object.assign(new Error(`${code} ${responseCode ?? ""}`), { code, responseCode });

describe("classifyMailError", () => {
  it("treats a refused message as permanent and a deferred one as transient", () => {
    expect(classifyMailError(smtpError("EENVELOPE", 550)).kind).toBe("permanent");
    expect(classifyMailError(smtpError("EMESSAGE", 554)).kind).toBe("permanent");
    expect(classifyMailError(smtpError("EENVELOPE", 451)).kind).toBe("transient");
  });

  it("treats connection, TLS, login and timeout failures as the server's", () => {
    for (const code of ["ECONNECTION", "ETIMEDOUT", "ETLS", "EAUTH", "ESOCKET"])
      expect(classifyMailError(smtpError(code, 535)).kind).toBe("server");
    expect(classifyMailError(new Error("something odd")).kind).toBe("server");
  });

  it("keeps what a mailer said itself, with the recipients that accepted", () => {
    const error = new MailDeliveryError("550 b refused", "permanent", ["a@example.com"]);
    expect(classifyMailError(error)).toEqual({ kind: "permanent", delivered: ["a@example.com"] });
  });
});
