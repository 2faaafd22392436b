/**
 * The e-mails the file mailer wrote (no SMTP server: each an .eml under DATA_DIR/outbox), found
 * by what they are. A request's files are several (the owner's e-mail, the visitor's
 * acknowledgement, both named after the request's id) and their order depends on which queue ran
 * first, so "the first file with the id" is sometimes the wrong one.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, parseMail } from "./mime.ts";

export async function waitForOutboxMail(
  folder: string,
  match: (mail: ParsedMail) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const seen = new Map<string, ParsedMail>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = existsSync(folder) ? readdirSync(folder) : [];
    // Written whole and renamed into place: a name ending in .eml is complete.
    for (const name of names.filter((name) => name.endsWith(".eml") && !seen.has(name)))
      seen.set(name, await parseMail(readFileSync(join(folder, name), "utf8")));
    const found = [...seen.values()].find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail in ${folder}: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The owner's e-mail about one request: to the business, naming the request. */
export const ownersMailOf =
  (id: string, owner: string) =>
  (mail: ParsedMail): boolean =>
    mail.header("x-contact-request-id") === id && (mail.header("to") ?? "").includes(owner);
