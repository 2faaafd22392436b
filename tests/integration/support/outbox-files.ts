/**
 * The e-mails the file mailer wrote (no SMTP server: each an .eml under DATA_DIR/outbox), found
 * by what they are. A request's files are several (the owner's e-mail, the visitor's
 * acknowledgement, both named after the request's id) and their order depends on which queue ran
 * first, so "the first file with the id" is sometimes the wrong one.
 */
import { mkdirSync, readdirSync, readFileSync, watch } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, parseMail } from "./mime.ts";

/**
 * The first e-mail in `folder` that matches, looked for again as files appear there: the folder
 * is made if the server has not yet (as the file mailer makes it), and watched.
 */
export async function waitForOutboxMail(
  folder: string,
  match: (mail: ParsedMail) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const seen = new Map<string, ParsedMail>();
  async function look(): Promise<ParsedMail | undefined> {
    const names = readdirSync(folder);
    // Written whole and renamed into place: a name ending in .eml is complete.
    for (const name of names.filter((name) => name.endsWith(".eml") && !seen.has(name)))
      seen.set(name, await parseMail(readFileSync(join(folder, name), "utf8")));
    return [...seen.values()].find(match);
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const watcher = watch(folder);
  try {
    return await new Promise<ParsedMail>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no e-mail in ${folder} within ${timeoutMs} ms: ${what}`)),
        timeoutMs,
      );
      // One look at a time; a change during one asks for one more after it.
      let looking = false;
      let again = false;
      const lookNow = async () => {
        if (looking) {
          again = true;
          return;
        }
        looking = true;
        try {
          do {
            again = false;
            const found = await look();
            if (found) {
              clearTimeout(timer);
              resolve(found);
              return;
            }
          } while (again);
        } catch (error) {
          clearTimeout(timer);
          reject(error);
        } finally {
          looking = false;
        }
      };
      watcher.on("change", () => void lookNow());
      watcher.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // What was written before the watch began.
      void lookNow();
    });
  } finally {
    watcher.close();
  }
}

/** The owner's e-mail about one request: to the business, naming the request. */
export const ownersMailOf =
  (id: string, owner: string) =>
  (mail: ParsedMail): boolean =>
    mail.header("x-contact-request-id") === id && (mail.header("to") ?? "").includes(owner);
