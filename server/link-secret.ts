/**
 * Without OWNER_LINK_SECRET, `npm start` signs the owner's links with a secret it makes once and
 * keeps in the data folder (DATA_DIR/owner-link-secret, 0600): links sent before a restart keep
 * working after it, and one data folder is one server (data-lock.ts), so no other server signs
 * differently. Whoever can read the folder can read the requests in it anyway; backing it up backs
 * the secret up with them. With Postgres several servers share the data, each with its own
 * folder, so there OWNER_LINK_SECRET is required instead (settings.ts).
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateLinkSecret } from "../functions/send-contact-email/index.ts";

export const keptSecretFile = "owner-link-secret";

/** The kept secret, made now if there is none; null when the folder cannot keep one. */
export function keptLinkSecret(dataDir: string): { secret: string; path: string } | null {
  const path = join(dataDir, keptSecretFile);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Written whole beside it, then linked into place: a second server starting at the same
    // moment reads either nothing yet (and makes its own, which loses the link) or all of it.
    const draft = `${path}.${process.pid}.new`;
    writeFileSync(draft, `${generateLinkSecret()}\n`, { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    const secret = readFileSync(path, "utf8").trim();
    return secret.length >= 32 ? { secret, path } : null;
  } catch {
    return null;
  }
}
