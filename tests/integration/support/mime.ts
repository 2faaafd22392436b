/**
 * Just enough of a MIME reader to check what our mailers produce: headers (unfolded, encoded
 * words decoded), and the text and HTML parts of a multipart/alternative message in
 * quoted-printable, base64 or 7/8 bit. Test support only.
 */
export type ParsedMail = {
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  text: string;
  html: string;
};

function decodeBytes(bytes: Uint8Array, charset: string): string {
  return new TextDecoder(charset.toLowerCase() === "us-ascii" ? "utf-8" : charset).decode(bytes);
}

function decodeQuotedPrintable(input: string, headerMode = false): Uint8Array {
  const text = (headerMode ? input.replace(/_/g, " ") : input).replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (character === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...new TextEncoder().encode(character));
    }
  }
  return new Uint8Array(bytes);
}

function decodeBase64(input: string): Uint8Array {
  return Uint8Array.from(Buffer.from(input.replace(/\s+/g, ""), "base64"));
}

export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, charset: string, encoding: string, text: string) =>
        decodeBytes(
          encoding.toUpperCase() === "Q" ? decodeQuotedPrintable(text, true) : decodeBase64(text),
          charset,
        ),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string[]>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : "";
  const headers = new Map<string, string[]>();
  const lines = head.split(/\r?\n/);
  const unfolded: string[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line) && unfolded.length > 0)
      unfolded[unfolded.length - 1] += ` ${line.trim()}`;
    else unfolded.push(line);
  }
  for (const line of unfolded) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeEncodedWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, "i").exec(header);
  return match?.[1];
}

function decodeBody(body: string, headers: Map<string, string[]>): string {
  const encoding = (headers.get("content-transfer-encoding")?.[0] ?? "7bit").toLowerCase();
  const charset = parameter(headers.get("content-type")?.[0] ?? "", "charset") ?? "utf-8";
  if (encoding === "quoted-printable") return decodeBytes(decodeQuotedPrintable(body), charset);
  if (encoding === "base64") return decodeBytes(decodeBase64(body), charset);
  return body;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  let text = "";
  let html = "";
  const visit = (partHeaders: Map<string, string[]>, partBody: string) => {
    const type = partHeaders.get("content-type")?.[0] ?? "text/plain";
    if (/^multipart\//i.test(type)) {
      const boundary = parameter(type, "boundary");
      if (!boundary) return;
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        const inner = splitHeaders(section.replace(/^\r?\n/, ""));
        visit(inner.headers, inner.body.replace(/\r?\n$/, ""));
      }
    } else if (/^text\/html/i.test(type)) {
      html = decodeBody(partBody, partHeaders);
    } else if (/^text\/plain/i.test(type)) {
      text = decodeBody(partBody, partHeaders);
    }
  };
  visit(headers, body);
  return {
    headers,
    header: (name) => headers.get(name.toLowerCase())?.[0],
    text: text.replace(/\r\n/g, "\n"),
    html: html.replace(/\r\n/g, "\n"),
  };
}
