/**
 * The function's /drain route, for tests that prove something did not happen: it runs one pass of
 * every queue after the one in flight, so when it returns everything due has been attempted and
 * what was not sent by then would not be sent by waiting either.
 */
export const drainSecret = "test-drain-secret-of-at-least-32-characters";

export async function drainQueues(functionUrl: string, secret = drainSecret): Promise<void> {
  const response = await fetch(`${functionUrl}/drain`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}` },
  });
  if (response.status !== 200)
    throw new Error(`drain answered ${response.status}: ${await response.text()}`);
}
