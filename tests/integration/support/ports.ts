import { createServer } from "node:net";

/** A loopback port that was free a moment ago (for "the mail server is down" scenarios). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Until `condition` holds, asked again every `intervalMs`: for a state held by another process
 * (a server's store or pages, /proc) that tells nobody when it changes. What arrives (an e-mail,
 * a push, a line of output) is waited for as it arrives instead (arrivals.ts).
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 25, what = "condition" } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    // Kept: the state polled is another process's, with no event to wait on.
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
