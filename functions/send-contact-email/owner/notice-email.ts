/** A notice (reminder, digest) as an e-mail to the business, through the same mailer. */
import { type ContactEmail, headerSafe, htmlEmail } from "../mail/email.ts";
import type { Notice } from "../store/owner-store.ts";
import { EmailButton } from "../views/email.ts";
import { h } from "../views/react.ts";

export type NoticeMailOptions = { from: string; to: string[]; businessName: string };

export function composeNoticeEmail(
  key: string,
  notice: Notice,
  options: NoticeMailOptions,
): ContactEmail {
  const safeKey = key.replace(/[^A-Za-z0-9-]/g, "-");
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(options.from)?.[1] ?? "localhost";
  // The link rule (mail/email.ts): a notice whose reply reaches a visitor never carries the inbox,
  // even one queued with it before the rule (a reply quotes the whole message).
  const inbox = notice.replyTo ? null : (notice.inbox ?? null);
  const lines = [
    ...notice.lines,
    ...(notice.url || inbox ? [""] : []),
    ...(notice.url ? [`${notice.urlLabel ?? "Open the request"}: ${notice.url}`] : []),
    ...(inbox ? [`All requests (your inbox): ${inbox}`] : []),
  ];
  // Only the links we made (each request's page, the inbox) become links: a visitor's name or
  // "other service" may hold any URL, which would otherwise sit clickable beside "Open the request".
  const ours = new Set(
    [notice.url, inbox, ...notice.leads.map((lead) => lead.url)].filter(
      (url): url is string => url !== null,
    ),
  );
  // A link of ours reads as words ("Open the request: open"), not as a URL of 200 characters that
  // pushes a phone's screen wide; any other long word still wraps (overflow-wrap).
  const linkify = (line: string) =>
    line
      .split(/(https?:\/\/[^\s<>"']+)/)
      .map((piece, index) =>
        index % 2 === 1 && ours.has(piece) ? h("a", { key: index, href: piece }, "open") : piece,
      );
  const wrap = { overflowWrap: "anywhere" } as const;
  // In HTML the notice's own link is a button named for what it opens, and the inbox a link
  // named so; the plain text keeps both as lines.
  const html = htmlEmail(
    notice.title,
    h("h1", { style: { fontSize: 18, margin: "0 0 12px", ...wrap } }, notice.title),
    notice.lines.map((line, index) =>
      h("p", { key: index, style: { margin: "0 0 6px", ...wrap } }, linkify(line)),
    ),
    notice.url
      ? h(
          "p",
          { style: { margin: "12px 0 6px" } },
          h(EmailButton, { href: notice.url }, notice.urlLabel ?? "Open the request"),
        )
      : null,
    inbox
      ? h(
          "p",
          { style: { margin: "12px 0 0" } },
          h("a", { href: inbox }, "All requests (your inbox)"),
        )
      : null,
  );
  return {
    requestId: `notice-${safeKey}`,
    from: options.from,
    to: options.to,
    // About a visitor's change: a reply reaches the visitor, as the new request's e-mail does.
    replyTo: notice.replyTo
      ? { name: headerSafe(notice.replyTo.name, 100), address: headerSafe(notice.replyTo.address) }
      : {
          name: headerSafe(options.businessName, 100),
          address: headerSafe(options.to[0] ?? "", 254),
        },
    subject: headerSafe(notice.title),
    text: `${lines.join("\n")}\n`,
    html,
    messageId: `<notice-${safeKey}@${domain}>`,
    headers: { "Auto-Submitted": "auto-generated", "X-Owner-Notice": headerSafe(key) },
  };
}
