import { describe, expect, it } from "vitest";
import { parseServerBenchArgs } from "./options.ts";

describe("bench:server options", () => {
  it("defaults to the full run", () => {
    const options = parseServerBenchArgs([]);
    expect(options).toMatchObject({
      quick: false,
      pagesSeconds: 30,
      pagesConnections: 100,
      submissions: 5000,
      concurrency: 50,
      hostile: 10_000,
      pgSubmissions: 5000,
      build: true,
    });
    expect([...options.scenarios]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(options.gracefulRuns).toBe(9);
  });

  it("--quick shrinks every count, and single flags still win", () => {
    const options = parseServerBenchArgs(["--quick", "--submissions", "123", "--only", "2,5"]);
    expect(options.quick).toBe(true);
    expect(options.pagesSeconds).toBeLessThan(30);
    expect(options.hostile).toBeLessThan(10_000);
    expect(options.submissions).toBe(123);
    expect([...options.scenarios]).toEqual([2, 5]);
  });

  it("refuses counts out of range and unknown scenarios", () => {
    expect(() => parseServerBenchArgs(["--hostile", "10"])).toThrow(/--hostile/);
    expect(() => parseServerBenchArgs(["--concurrency", "x"])).toThrow(/--concurrency/);
    expect(() => parseServerBenchArgs(["--only", "11"])).toThrow(/--only/);
    expect(parseServerBenchArgs(["--no-build"]).build).toBe(false);
    expect(parseServerBenchArgs(["--build"]).build).toBe(true);
  });
});
