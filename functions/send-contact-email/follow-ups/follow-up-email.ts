/**
 * The two e-mails a customer may get after their request (follow-up-rules.ts), the same words for
 * every customer: the review request (with the owner's review link, whatever the job went like:
 * no rating asked first) and the follow-up of a quiet quote. From the business, replies to the
 * business. Neither repeats the visitor's own text (message, "other" service): the form must not
 * relay anyone's words to an address someone typed. The name is used only when it looks like a
 * name. Each carries the opt-out link, also as List-Unsubscribe with one-click unsubscribe
 * (RFC 8058), which mail apps show as a button.
 */

import { type Business, telHref } from "../../../shared/business.ts";
import { serviceLabel } from "../../../shared/contact-fields.ts";
import type { ServiceValue } from "../../../shared/contact-schema.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import { type ContactEmail, headerSafe, htmlEmail } from "../mail/email.ts";
import { looksLikeName } from "../mail/greeting.ts";
import type { FollowUpKind } from "../store/follow-up-store.ts";
import { EmailButton, quiet } from "../views/email.ts";
import { h } from "../views/react.ts";

export type FollowUpLetters = {
  /** MAIL_FROM, e.g. `Keystone Shine Cleaning Website <hello@example.com>`. */
  from: string;
  /** Where replies go: the business's own address. */
  replyTo: string;
  businessName: string;
  /** The live version's facts when the e-mail is made: how to reach the business now. */
  live: Pick<Facts, "business">;
};

export type FollowUpMail = {
  key: string;
  kind: FollowUpKind;
  to: { name: string; email: string; service: ServiceValue };
  reviewUrl: string | null;
  optOutUrl: string;
};

/**
 * "Dana" from "Dana Whitfield": the first word of a name made of letters, spaces and `.'-` only
 * (as the acknowledgement e-mail decides, docs/contact-api.md); nothing from "asdf1234" or a link.
 */
export function greetingName(name: string): string | null {
  const whole = name.trim();
  const first = whole.split(/\s+/)[0] ?? "";
  return looksLikeName(whole) && /^\p{L}[\p{L}.'-]{0,39}$/u.test(first) ? first : null;
}

function words(mail: FollowUpMail, business: Business): { subject: string; paragraphs: string[] } {
  const service =
    mail.to.service === "other" ? "cleaning" : serviceLabel(mail.to.service).toLowerCase();
  const call = `${business.phone.display} (${business.hours.summary})`;
  if (mail.kind === "review")
    return {
      subject: `Thank you from ${business.name}: would you review us?`,
      paragraphs: [
        `Thank you for choosing ${business.name} for your ${service}.`,
        "If you have a minute, a review helps neighbors find a cleaner they can trust, and it helps us do better. Whatever you thought of our work, we would be grateful to read it:",
        mail.reviewUrl ?? "",
        `Something we should put right? Reply to this e-mail or call us at ${call}.`,
      ],
    };
  return {
    subject: `Your ${service} quote from ${business.name}`,
    paragraphs: [
      `A few days ago you asked us for a quote for ${service}. Do you have any questions, or would you like to choose a day for the visit?`,
      `Reply to this e-mail or call us at ${call}.`,
      "If you have already made other plans, no need to answer: this is the only reminder we send.",
    ],
  };
}

export function composeFollowUpEmail(mail: FollowUpMail, letters: FollowUpLetters): ContactEmail {
  const { business } = letters.live;
  const { subject, paragraphs } = words(mail, business);
  const name = greetingName(mail.to.name);
  const hello = name ? `Hello ${name},` : "Hello,";
  const sign = `${business.name}, ${business.phone.display}`;
  const optOut = `No more e-mails like this one: ${mail.optOutUrl}`;
  const text = [hello, "", ...paragraphs.flatMap((line) => [line, ""]), sign, "", optOut, ""].join(
    "\n",
  );
  const html = htmlEmail(
    subject,
    h("p", null, hello),
    paragraphs.map((line, index) =>
      h(
        "p",
        { key: index },
        line === mail.reviewUrl ? h(EmailButton, { href: line }, "Write a review") : line,
      ),
    ),
    h(
      "p",
      null,
      `${business.name}, `,
      h("a", { href: telHref(business.phone) }, business.phone.display),
    ),
    h("p", { style: quiet }, h("a", { href: mail.optOutUrl }, "No more e-mails like this one")),
  );
  const safeKey = mail.key.replace(/[^A-Za-z0-9-]/g, "-");
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(letters.from)?.[1] ?? "localhost";
  return {
    requestId: `follow-up-${safeKey}`,
    from: letters.from,
    to: [headerSafe(mail.to.email, 254)],
    replyTo: { name: headerSafe(letters.businessName, 100), address: letters.replyTo },
    subject: headerSafe(subject),
    text,
    html,
    messageId: `<follow-up-${safeKey}@${domain}>`,
    headers: {
      "List-Unsubscribe": `<${mail.optOutUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
