import { createServer } from "node:net";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.ts";

/** A port nothing listens on now, so that two runs on one machine never meet. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Chosen once by the runner; its workers load this file again and inherit the variable.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  // Tests tagged @desktop run at desktop width only (checks that are the same at every width, or
  // need a wide screen); tests tagged @phone run on the phone only (the menu).
  projects: [
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], browserName: "chromium" },
      grepInvert: /@desktop/,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone/,
    },
  ],
  // The real embedded server over the built site, on a private data folder. PW_NO_WEBSERVER=1
  // skips it, for running against a server started by hand on E2E_PORT.
  webServer: process.env.PW_NO_WEBSERVER
    ? undefined
    : {
        command: `node server/start.ts`,
        url: `http://127.0.0.1:${port}/`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: "test-results/e2e-data",
          RATE_LIMIT_DISABLED: "true",
        },
      },
});
