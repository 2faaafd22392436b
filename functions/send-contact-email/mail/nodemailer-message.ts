/** Our composed e-mail as nodemailer's message options (shared by the SMTP and the file mailer). */
import type { SendMailOptions } from "nodemailer";
import type { ContactEmail } from "./email.ts";

export function toNodemailerMessage(email: ContactEmail): SendMailOptions {
  return {
    from: email.from,
    to: email.to,
    // nodemailer encodes the name as needed; headerSafe() already removed any line break.
    replyTo: { name: email.replyTo.name, address: email.replyTo.address },
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    headers: email.headers,
    ...(email.calendar
      ? {
          icalEvent: {
            method: email.calendar.method,
            filename: "visit.ics",
            content: email.calendar.content,
          },
        }
      : {}),
    // The message is built only from our own strings: never let it read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
