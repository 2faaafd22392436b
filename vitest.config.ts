import { defineConfig } from "vitest/config";

// Unit tests sit beside their sources; integration tests (real server, SQLite, SMTP, Deno) live in
// tests/integration. Playwright's tests/e2e are not Vitest's. A separate config keeps the React
// Router Vite plugin out of test runs.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "site-build/**/*.test.ts",
      "shared/**/*.test.ts",
      "functions/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tools/**/*.test.ts",
      "supabase/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
    ],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
