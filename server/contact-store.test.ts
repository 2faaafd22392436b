import { describe, expect, it } from "vitest";
import { describeDatabaseUrl } from "./contact-store.ts";

describe("describeDatabaseUrl", () => {
  it("names the host and database, never the user's password", () => {
    const text = describeDatabaseUrl("postgres://website:s3cret@db.internal:5432/website");
    expect(text).toBe("db.internal:5432/website");
    expect(text).not.toContain("s3cret");
  });

  it("says so when the URL cannot be read", () => {
    expect(describeDatabaseUrl("postgres://[bad")).toBe("(unparsable DATABASE_URL)");
  });
});
