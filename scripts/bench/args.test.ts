import { describe, expect, it } from "vitest";
import { parseBenchArgs } from "./args.ts";

describe("parseBenchArgs", () => {
  it("defaults to building, 3 runs of every route and Debian's Chromium", () => {
    expect(parseBenchArgs([])).toMatchObject({
      runs: 3,
      routes: undefined,
      build: true,
      base: undefined,
      slowRatio: 0.6,
      maxRepeats: 2,
      chromePath: "/usr/bin/chromium",
    });
    expect(parseBenchArgs([], { CHROME_PATH: "/opt/chrome" }).chromePath).toBe("/opt/chrome");
  });

  it("reads --no-build, --runs, --routes and --base (which implies no build)", () => {
    expect(parseBenchArgs(["--no-build", "--runs", "1", "--routes", "/,404"])).toMatchObject({
      build: false,
      runs: 1,
      routes: "/,404",
    });
    expect(parseBenchArgs(["--base", "http://127.0.0.1:8080/"])).toMatchObject({
      base: "http://127.0.0.1:8080",
      build: false,
    });
  });

  it("rejects bad values with a clear message", () => {
    expect(() => parseBenchArgs(["--runs", "0"])).toThrow(/--runs must be a whole number/);
    expect(() => parseBenchArgs(["--base", "ftp://x"])).toThrow(/http\(s\) URL/);
    expect(() => parseBenchArgs(["--slow-ratio", "2"])).toThrow(/--slow-ratio/);
    expect(() => parseBenchArgs(["--bogus"])).toThrow();
  });
});
