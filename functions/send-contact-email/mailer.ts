/** A way to hand one composed e-mail to the outside world. Throws when it was not accepted. */
import type { ContactEmail } from "./email.ts";

export type Mailer = {
  /** Resolves with where the e-mail went (stored per request as `deliveredTo`). */
  send(email: ContactEmail): Promise<string>;
  close(): Promise<void>;
};
