/**
 * Sends a quote request to send-contact-email through the backend client
 * (product.md, Quote form). The client library loads only when a visitor submits, never with the page.
 */

import { siteConfig } from "~/config";
import type { ContactRequest } from "../../shared/contact-schema";

export type SendResult = { ok: true } | { ok: false; error: unknown };

type Client = Awaited<ReturnType<typeof createBackendClient>>;
let client: Promise<Client> | undefined;

async function createBackendClient() {
  const { createClient } = await import("@supabase/supabase-js");
  // Locally, and on the embedded server, the project URL is the site's own origin.
  const projectUrl = siteConfig.supabaseUrl || window.location.origin;
  return createClient(projectUrl, siteConfig.publicKey, {
    auth: { persistSession: true, autoRefreshToken: true, storage: window.localStorage },
  });
}

/** Fetches the client ahead of time, e.g. when a visitor starts filling in the form. */
export function preloadContactClient(): void {
  client ??= createBackendClient();
  client.catch(() => {
    client = undefined;
  });
}

export async function sendContactRequest(request: ContactRequest): Promise<SendResult> {
  try {
    preloadContactClient();
    const backend = await (client as Promise<Client>);
    // The page reads only `error`: a non-empty one means the request was not taken.
    const { error } = await backend.functions.invoke(siteConfig.functionName, { body: request });
    return error ? { ok: false, error } : { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
