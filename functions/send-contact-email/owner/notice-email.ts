/** A notice (reminder, digest) as an e-mail to the business, through the same mailer. */
import { type ContactEmail, escapeHtml, headerSafe, htmlEmail } from "../email.ts";
import type { Notice } from "./notice.ts";

export type NoticeMailOptions = { from: string; to: string[]; businessName: string };

export function composeNoticeEmail(
  key: string,
  notice: Notice,
  options: NoticeMailOptions,
): ContactEmail {
  const safeKey = key.replace(/[^A-Za-z0-9-]/g, "-");
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(options.from)?.[1] ?? "localhost";
  const lines = notice.url
    ? [...notice.lines, "", `Open the request: ${notice.url}`]
    : notice.lines;
  // Only the links we made (each request's page) become links: a visitor's name or "other
  // service" may hold any URL, which would otherwise sit clickable beside "Open the request".
  const ours = new Set(
    [notice.url, ...notice.leads.map((lead) => lead.url)].filter(
      (url): url is string => url !== null,
    ),
  );
  const linkify = (line: string) =>
    escapeHtml(line).replace(/https?:\/\/[^\s<>"']+/g, (shown) => {
      const url = shown.replace(/&amp;/g, "&");
      return ours.has(url) ? `<a href="${shown}">${shown}</a>` : shown;
    });
  const html = htmlEmail(
    notice.title,
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(notice.title)}</h1>
${lines.map((line) => `<p style="margin:0 0 6px">${linkify(line)}</p>`).join("\n")}`,
  );
  return {
    requestId: `notice-${safeKey}`,
    from: options.from,
    to: options.to,
    replyTo: { name: headerSafe(options.businessName, 100), address: options.to[0] ?? "" },
    subject: headerSafe(notice.title),
    text: `${lines.join("\n")}\n`,
    html,
    messageId: `<notice-${safeKey}@${domain}>`,
    headers: { "Auto-Submitted": "auto-generated", "X-Owner-Notice": headerSafe(key) },
  };
}
