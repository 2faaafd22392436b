/**
 * The owner booking visits during a scenario, as the owner does: the link from the request's
 * e-mail (its token; the path taken onto the server under test), then the visit form's POST. A
 * booking answered 303 is the owner's "acknowledged" change: its confirmation must reach the
 * visitor whatever happens next (a crash, a mail outage).
 */

import { repositoryFacts } from "../../shared/content/facts.ts";
import { bookableDates } from "../../shared/quote/preferred-windows.ts";
import { validRequest } from "../integration/support/requests.ts";
import type { SmtpSink } from "../integration/support/smtp-sink.ts";
import { functionPath } from "./harness.ts";

/** The owner's request page for `id`, from its e-mail, on `serverUrl`; null before it arrived. */
export function ownerPageFromMail(sinks: readonly SmtpSink[], id: string, serverUrl: string) {
  for (const sink of sinks)
    for (const mail of sink.forRequest(id)) {
      const link = /https?:\/\/\S+\/lead\/[\w-]+\?token=[\w.%-]+/.exec(mail.mail.text)?.[0];
      if (link) {
        const url = new URL(link);
        return { url: `${serverUrl}${url.pathname}`, token: url.searchParams.get("token") ?? "" };
      }
    }
  return null;
}

/** Books the first open day at 9:00 for two hours; resolves with the visit e-mail's key, or null. */
export async function bookVisit(
  sinks: readonly SmtpSink[],
  id: string,
  serverUrl: string,
): Promise<string | null> {
  const page = ownerPageFromMail(sinks, id, serverUrl);
  if (!page) return null;
  try {
    const response = await fetch(`${page.url}/visit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: page.token,
        sequence: "0",
        action: "book",
        date: bookableDates(new Date(), repositoryFacts())[0] as string,
        time: "09:00",
        minutes: "120",
      }),
      redirect: "manual",
    });
    const location = response.headers.get("location") ?? "";
    return response.status === 303 && location.includes("visit=booked") ? `visit:${id}:1` : null;
  } catch {
    return null; // the server was killed meanwhile: not acknowledged
  }
}

/** `count` requests sent one by one before a load, each with an address of its own; their ids. */
export async function submitEarly(
  key: string,
  serverUrl: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${serverUrl}${functionPath}`, {
      method: "POST",
      headers: { apikey: key, "content-type": "application/json" },
      body: JSON.stringify(validRequest({ email: `early-${index}-${Date.now()}@example.org` })),
    });
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}
