/**
 * The e-mail the business receives for each quote request (contact-api.md, "The e-mail"):
 * to the configured address, Reply-To the visitor, a subject naming the service and the visitor,
 * every field in a plain-text part and an HTML part in which all visitor text is escaped.
 * Pure: no transport here, so the SMTP, file and HTTP-API mailers all send the same message.
 *
 * The link rule (docs/owner.md, "Your inbox"): an e-mail whose reply reaches someone else (this
 * one, Reply-To the visitor; most mail apps quote the whole message in a reply) carries no link
 * that opens more than that person's own request. So the request's e-mail links its own page
 * only; the inbox link goes only in e-mails whose Reply-To is the business (the digest, the
 * notice of refused e-mails). mail-links.test.ts holds every e-mail the function writes to it.
 */
import { businessTimeZone } from "../../../shared/business-reach.ts";
import { serviceDescription } from "../../../shared/contact-fields.ts";
import { type ContactRequest, serviceLabel } from "../../../shared/contact-schema.ts";
import { withoutInvisibleCharacters } from "../../../shared/invisible-characters.ts";
import { phoneDisplay, phoneHref } from "../../../shared/phone.ts";
import {
  describeQuoteDetails,
  priceListNote,
  type QuoteWords,
} from "../../../shared/quote/describe.ts";
import type { StoredQuoteDetails } from "../../../shared/quote/quote-details.ts";
import { sourceLine } from "../../../shared/source-words.ts";
import type { VisitSource } from "../../../shared/visit-source.ts";
import { EmailButton, EmailRows, quiet, renderEmail } from "../views/email.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";

export type EmailAddress = { name: string; address: string };

export type ContactEmail = {
  requestId: string;
  /** Trusted configuration, e.g. `Keystone Shine Website <hello@example.com>`. */
  from: string;
  to: string[];
  replyTo: EmailAddress;
  subject: string;
  text: string;
  html: string;
  /** `<contact-<id>@<domain>>`: the same on every retry, so a mailbox can spot a repeat. */
  messageId: string;
  headers: Record<string, string>;
  /**
   * An iCalendar invitation (booking/ics.ts): sent as a text/calendar part with its method, which
   * mail apps show as an event to add, and as a `.ics` attachment for the others.
   */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
};

export type ComposeOptions = {
  from: string;
  to: string[];
  /** The live version's: the business as it is named now. */
  businessName: string;
  /**
   * The price list and offers of the content version a request was made with (its stamp:
   * base/content-source.ts), so its estimate reads as it was made, whatever was published since.
   */
  wordsOf: (request: StoredQuoteDetails) => QuoteWords;
};

// Anything that could end a header line or confuse a mail client: C0 and C1 controls, DEL and the
// Unicode line and paragraph separators. The schema already refuses C0 controls; this is the
// second wall, applied to everything that reaches a header.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const headerUnsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A value that can sit in a header: one line, no control characters, nothing invisible that turns
 * the text around it (shared/invisible-characters.ts), bounded length.
 */
export function headerSafe(value: string, max = 200): string {
  const oneLine = withoutInvisibleCharacters(value.replace(headerUnsafe, " "))
    .replace(/\s+/g, " ")
    .trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/**
 * A header value on one line, whatever its length: the mailers' last wall (http-mailer.ts), for
 * values composed without `headerSafe` or changed after it.
 */
export function headerLine(value: string): string {
  return value.replace(headerUnsafe, " ");
}

/** Every e-mail's HTML part: one document shell, one font stack (views/email.ts). */
export function htmlEmail(subject: string, ...body: ReactNode[]): string {
  return renderEmail(subject, ...body);
}

/** `Name <a@b>` → `a@b`: the business's own address, for e-mails addressed to the business. */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
}

// Made once: building a DateTimeFormat costs more than formatting with it (a few % of the
// outbox's time when it catches up on a backlog, npm run bench:server).
let receivedFormat: Intl.DateTimeFormat | undefined;

function formatReceived(date: Date): string {
  receivedFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: businessTimeZone,
    dateStyle: "full",
    timeStyle: "short",
  });
  return `${receivedFormat.format(date)} (Eastern time)`;
}

/** The domain of MAIL_FROM's address, which every Message-ID and calendar UID of ours ends with. */
export function domainOf(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? "localhost";
}

export function composeContactEmail(
  request: ContactRequest &
    StoredQuoteDetails & { id: string; createdAt: string; source?: VisitSource },
  options: ComposeOptions,
  /**
   * The owner's page for this request (owner/request-routes.ts): call, reply, set its status.
   * Never the inbox: a reply to this e-mail reaches the visitor (the link rule, above).
   */
  links: { requestPage?: string } = {},
): ContactEmail {
  return composeContactParts(request, options, links).email;
}

/** The owner's e-mail, and its HTML body on its own for the digest. */
function composeContactParts(
  request: ContactRequest &
    StoredQuoteDetails & { id: string; createdAt: string; source?: VisitSource },
  options: ComposeOptions,
  links: { requestPage?: string } = {},
): { email: ContactEmail; body: ReactNode } {
  const service = serviceDescription(request);
  const received = formatReceived(new Date(request.createdAt));
  const firstName = request.name.split(/\s+/)[0] ?? request.name;

  const subject = headerSafe(`Quote request: ${service} from ${request.name}`);

  const phone = phoneDisplay(request.phone);
  const telHref = phoneHref(request.phone);
  const rows: Array<[string, string]> = [
    ["Name", request.name],
    ["Email", request.email],
    ["Phone", phone],
    ["Service", service],
    // ZIP and area, estimate, offer, preferred times: in the words the owner's page uses.
    ...describeQuoteDetails(request, options.wordsOf(request)).map(
      ({ label, value }): [string, string] => [label, value],
    ),
    // Where the visit came from, when the page noted it: "Found us on Google, landed on /exton".
    ...(request.source ? [sourceLine(request.source)] : []).map(
      ({ label, value }): [string, string] => [label, value],
    ),
  ];
  // Values line up one space after the longest label ("Preferred times:"), so no label runs into
  // its value. The phone as people write it: mail apps make "(610) 555-0199" tappable themselves,
  // and the HTML part links it.
  const labelWidth = Math.max(...rows.map(([label]) => label.length)) + 2;
  const textRows = rows.map(([label, value]) => `${`${label}:`.padEnd(labelWidth)}${value}`);
  // Which prices made the estimate, for looking the figures up later.
  const priceList = priceListNote(request, formatReceived);

  const text = [
    `New quote request from the ${options.businessName} website.`,
    "",
    ...(links.requestPage
      ? [`Open the request (call, reply, mark it contacted, won or lost):`, links.requestPage, ""]
      : []),
    ...textRows,
    "",
    "Message:",
    request.message,
    "",
    `Received: ${received}`,
    `Request ID: ${request.id}`,
    ...(priceList ? [priceList] : []),
    "",
    `Reply to this e-mail to answer ${firstName} directly.`,
    "",
  ].join("\n");

  const body = h(
    Fragment,
    null,
    h(ContactEmailBody, {
      rows,
      email: request.email,
      telHref,
      message: request.message,
      received,
      id: request.id,
      priceList,
      firstName,
      requestPage: links.requestPage,
    }),
  );
  const html = htmlEmail(subject, body);

  const email: ContactEmail = {
    requestId: request.id,
    from: options.from,
    to: options.to,
    replyTo: { name: headerSafe(request.name, 100), address: headerSafe(request.email, 254) },
    subject,
    text,
    html,
    messageId: `<contact-${request.id}@${domainOf(options.from)}>`,
    headers: { "X-Contact-Request-Id": request.id },
  };
  return { email, body };
}

/** A request as the owner's e-mail shows it; the digest shows several. */
function ContactEmailBody(props: {
  rows: Array<[string, string]>;
  email: string;
  telHref: string;
  message: string;
  received: string;
  id: string;
  priceList: string | null | undefined;
  firstName: string;
  requestPage?: string;
}) {
  const linked = ([label, value]: [string, string]): [string, ReactNode] => [
    label,
    label === "Email"
      ? h("a", { href: `mailto:${props.email}` }, value)
      : label === "Phone"
        ? h("a", { href: props.telHref }, value)
        : value,
  ];
  return h(
    Fragment,
    null,
    h("h1", { style: { fontSize: 18, margin: "0 0 12px" } }, "New quote request"),
    props.requestPage
      ? h(
          "p",
          { style: { margin: "0 0 16px" } },
          h(EmailButton, { href: props.requestPage }, "Open the request"),
          " to call, reply, or mark it contacted, won or lost.",
        )
      : null,
    h(EmailRows, {
      rows: props.rows.map(linked),
      style: { borderCollapse: "collapse", marginBottom: 16 },
    }),
    h("h2", { style: { fontSize: 16, margin: "0 0 4px" } }, "Message"),
    h(
      "p",
      { style: { whiteSpace: "pre-wrap", margin: "0 0 16px" } },
      props.message
        .split("\n")
        .flatMap((line, index) => (index === 0 ? [line] : [h("br", { key: index }), line])),
    ),
    h(
      "p",
      { style: { ...quiet, margin: 0 } },
      `Received ${props.received}`,
      h("br"),
      `Request ID ${props.id}`,
      h("br"),
      props.priceList ? h(Fragment, null, props.priceList, h("br")) : null,
      `Reply to this e-mail to answer ${props.firstName} directly.`,
    ),
  );
}

/** The link to the owner's inbox in an e-mail whose Reply-To is the business, or nothing. */
function InboxParagraph({ inbox }: { inbox: string | undefined }) {
  return inbox
    ? h(
        "p",
        { style: { margin: "16px 0 0" } },
        h("a", { href: inbox }, "All requests (your inbox)"),
      )
    : null;
}

/**
 * Past the hourly e-mail cap, the requests that arrived meanwhile go out as one e-mail when the
 * hour turns: every request in full (escaped in HTML), and the owner told why they came together.
 * Reply-To is the business's own address: each visitor's address is in their section.
 */
export function composeDigestEmail(
  requests: ReadonlyArray<ContactRequest & StoredQuoteDetails & { id: string; createdAt: string }>,
  options: ComposeOptions & { hourlyCap: number; inbox?: string },
): ContactEmail {
  const parts = requests.map((request) => composeContactParts(request, options));
  const first = requests[0]?.id ?? "empty";
  const intro = `The website's limit of ${options.hourlyCap} e-mails an hour was reached, so these ${requests.length} quote requests come together in one e-mail. Nothing was lost: every request is also in \`npm run leads\`.`;
  const subject = headerSafe(`${requests.length} quote requests (hourly e-mail limit reached)`);
  const separator = `\n${"-".repeat(60)}\n\n`;
  const inbox = options.inbox ? `\nAll requests (your inbox): ${options.inbox}\n` : "";
  const text = `${intro}\n${inbox}${separator}${parts.map((part) => part.email.text).join(separator)}`;
  const html = htmlEmail(
    subject,
    h("p", null, intro),
    h(InboxParagraph, { inbox: options.inbox }),
    parts.map((part, index) =>
      h(
        Fragment,
        { key: part.email.requestId },
        index > 0 ? h("hr", { style: { margin: "24px 0" } }) : null,
        part.body,
      ),
    ),
  );
  return {
    requestId: `digest-${first}`,
    from: options.from,
    to: options.to,
    replyTo: {
      name: headerSafe(options.businessName, 100),
      address: headerSafe(addressOf(options.from), 254),
    },
    subject,
    text,
    html,
    messageId: `<contact-digest-${first}@${domainOf(options.from)}>`,
    headers: { "X-Contact-Request-Ids": requests.map((request) => request.id).join(" ") },
  };
}

export type FailedDelivery = {
  id: string;
  createdAt: string;
  service: ContactRequest["service"];
  error: string;
};

/**
 * Requests whose e-mail was refused for good: a short notice with no visitor text (the text may
 * be what the provider's filter refuses), so that the owner looks them up in `npm run leads`.
 */
export function composeFailureNotice(
  failed: readonly FailedDelivery[],
  options: Omit<ComposeOptions, "wordsOf"> & { inbox?: string },
): ContactEmail {
  const first = failed[0]?.id ?? "empty";
  const subject = `${failed.length} quote request(s) could not be e-mailed`;
  const lines = failed.map(
    (item) =>
      `- ${formatReceived(new Date(item.createdAt))}, ${serviceLabel(item.service)}, request ID ${item.id}: ${headerSafe(item.error, 300)}`,
  );
  const text = [
    `The mail server refused the e-mail of ${failed.length} quote request(s) from the ${options.businessName} website, so they were not delivered by e-mail.`,
    options.inbox
      ? `They are saved: read them in your inbox, ${options.inbox}, or with \`npm run leads\`.`
      : "They are saved: run `npm run leads` to read them.",
    "",
    ...lines,
    "",
  ].join("\n");
  const html = htmlEmail(subject, h("p", { style: { whiteSpace: "pre-wrap" } }, text));
  return {
    requestId: `failed-${first}`,
    from: options.from,
    to: options.to,
    replyTo: {
      name: headerSafe(options.businessName, 100),
      address: headerSafe(addressOf(options.from), 254),
    },
    subject,
    text,
    html,
    messageId: `<contact-failed-${first}-${failed.length}@${domainOf(options.from)}>`,
    headers: { "X-Contact-Failed-Ids": failed.map((item) => item.id).join(" ") },
  };
}
