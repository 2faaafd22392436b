/** `npm run dev`: Vite's dev server renders the pages and the contact function answers beside it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostProcess, startDevServer } from "./support/processes.ts";
import { validRequest } from "./support/requests.ts";

let folder = "";
let dev: HostProcess;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "dev-"));
  dev = await startDevServer({ DATA_DIR: join(folder, "data") }, folder);
}, 60_000);
afterAll(async () => {
  expect(await dev?.stop()).toBe(0);
  rmSync(folder, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the contact function on the dev server's own origin", async () => {
    const response = await fetch(`${dev.url}/functions/v1/send-contact-email`, {
      method: "POST",
      headers: {
        apikey: "sb_publishable_keystone-shine-local-demo-key",
        "content-type": "application/json",
        origin: dev.url,
      },
      body: JSON.stringify(validRequest()),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) });
  });

  it("renders pages through Vite and React Router", async () => {
    const response = await fetch(`${dev.url}/contact`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<html");
    // Hot reload is wired in: the dev-only runtime of React Router and Vite.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
  }, 60_000);
});
