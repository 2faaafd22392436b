/**
 * Sends a quote request to send-contact-email (product.md, Quote form) with `fetch`: the request
 * @supabase/supabase-js's `functions.invoke` sends (same URL, method, JSON body, `apikey`, and
 * `Authorization` for legacy JWT keys), without 47 KB of client for one POST. The product never
 * signs anyone in, so no session, storage or token refresh is involved. contact-client.test.ts
 * proves the two requests are the same on the wire.
 */
import { siteConfig } from "~/config";
import type { ContactSubmission } from "../../shared/contact-schema";

/** `page`: the customer's own page, when the owner chose to open it after Send. */
type SendResult = { ok: true; page?: string } | { ok: false; error: unknown };

type Backend = { projectUrl: string; publicKey: string; functionName: string };

/**
 * New-format keys (`sb_publishable_…`, `sb_secret_…`) are not JWTs: supabase-js sends them as
 * `apikey` only. Legacy anon keys (JWTs) also go as `Authorization: Bearer`, which the gateway's
 * JWT check reads.
 */
const isNewApiKey = (key: string) =>
  key.startsWith("sb_publishable_") || key.startsWith("sb_secret_");

/** The URL and init of the call; split out so the test can compare it with supabase-js's. */
export function functionRequest(
  { projectUrl, publicKey, functionName }: Backend,
  body: unknown,
): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    apikey: publicKey,
  };
  if (!isNewApiKey(publicKey)) headers.Authorization = `Bearer ${publicKey}`;
  return {
    url: `${projectUrl}/functions/v1/${functionName}`,
    init: { method: "POST", headers, body: JSON.stringify(body) },
  };
}

/**
 * A failure is what supabase-js reports as `error`: no answer, a status outside 2xx, or the
 * gateway's relay error; an `error` in the answer's JSON (the contract's failure field) too.
 */
export async function sendContactRequest(request: ContactSubmission): Promise<SendResult> {
  const { url, init } = functionRequest(
    {
      // Locally, and on the embedded server, the project URL is the site's own origin.
      projectUrl: siteConfig.supabaseUrl || window.location.origin,
      publicKey: siteConfig.publicKey,
      functionName: siteConfig.functionName,
    },
    request,
  );
  try {
    const response = await fetch(url, init);
    const answer = (await response.json().catch(() => null)) as {
      error?: unknown;
      page?: unknown;
    } | null;
    if (!response.ok || response.headers.get("x-relay-error") === "true" || answer?.error) {
      return { ok: false, error: answer?.error ?? `HTTP ${response.status}` };
    }
    const page = answer?.page;
    return typeof page === "string" && /^https?:\/\//.test(page)
      ? { ok: true, page }
      : { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
