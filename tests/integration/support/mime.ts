/**
 * What our mailers produce, read back by mailparser: the headers (decoded, names lower-case), and
 * the text and HTML parts. Test support only.
 */
import { type AddressObject, type HeaderValue, simpleParser } from "mailparser";

export type ParsedMail = {
  /** By lower-case name, in the message's order. */
  headers: Map<string, HeaderValue>;
  /** A header as text; addresses as `Name <address>`, names decoded. */
  header(name: string): string | undefined;
  text: string;
  html: string;
  /** Attachments and non-text alternatives (a calendar invitation), decoded as UTF-8. */
  attachments: Array<{ contentType: string; filename: string | undefined; content: string }>;
};

const addresses = (list: AddressObject) =>
  list.value.map(({ name, address }) => (name ? `${name} <${address}>` : address)).join(", ");

export async function parseMail(raw: string | Buffer): Promise<ParsedMail> {
  const mail = await simpleParser(raw);
  return {
    headers: mail.headers,
    header(name) {
      const value = mail.headers.get(name.toLowerCase());
      if (value === undefined || typeof value === "string") return value;
      if (value instanceof Date) return value.toUTCString();
      if ("html" in value) return addresses(value as AddressObject);
      return mail.headerLines.find((line) => line.key === name.toLowerCase())?.line;
    },
    text: mail.text ?? "",
    html: mail.html || "",
    attachments: mail.attachments.map((attachment) => ({
      contentType: attachment.contentType,
      filename: attachment.filename,
      content: attachment.content.toString("utf8"),
    })),
  };
}
