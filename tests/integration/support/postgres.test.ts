import { describe, expect, it } from "vitest";
import { findPostgresBin, postgresSuitesRun } from "./postgres.ts";

describe("finding Postgres for the tests", () => {
  it("takes PG_BIN only when the server tools are there", () => {
    expect(findPostgresBin({ PG_BIN: "/nonexistent" })).toBeNull();
  });

  it("skips without Postgres locally, but runs (and so fails) under CI", () => {
    expect(postgresSuitesRun(null, {})).toBe(false);
    expect(postgresSuitesRun(null, { CI: "true" })).toBe(true);
    expect(postgresSuitesRun("/usr/lib/postgresql/15/bin", {})).toBe(true);
  });
});
