/**
 * Reads the body without trusting it (contact-api.md: over 16 KiB 413, malformed 400). The size
 * cap holds while reading, whatever Content-Length claims, so a huge or endless body costs at most
 * 16 KiB of memory. Two shapes are read: JSON (the page's script) and form-encoded (the page's
 * plain HTML form, "The form without JavaScript"); any other type is a 415.
 */
export const maxBodyBytes = 16 * 1024;

type BodyError = { ok: false; status: 400 | 413 | 415; error: string };

export type BodyResult = { ok: true; value: unknown } | BodyError;
export type FormBodyResult = { ok: true; value: URLSearchParams } | BodyError;

const tooLarge = {
  ok: false,
  status: 413,
  error: `The request is too large (the limit is ${maxBodyBytes / 1024} KiB).`,
} as const;

/** The media type in lower case and whether its charset, if named, is UTF-8. */
function mediaType(header: string | null): { type: string; utf8: boolean } {
  const [type = "", ...parameters] = (header ?? "")
    .split(";")
    .map((part) => part.trim().toLowerCase());
  const utf8 = parameters.every((parameter) => {
    const [name, value = ""] = parameter.split("=").map((part) => part.trim());
    return name !== "charset" || value.replace(/"/g, "") === "utf-8";
  });
  return { type, utf8 };
}

function isJsonContentType(header: string | null): boolean {
  const { type, utf8 } = mediaType(header);
  return type === "application/json" && utf8;
}

/** A plain HTML form's post (browsers send no charset: the page's own, UTF-8). */
export function isFormContentType(header: string | null): boolean {
  const { type, utf8 } = mediaType(header);
  return type === "application/x-www-form-urlencoded" && utf8;
}

/**
 * At most `limit` bytes of the body, however it arrives (a Content-Length that lies, a chunked
 * body without one): past the limit the stream is cancelled and nothing more is read.
 */
export async function readBoundedBytes(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) return "too-large";
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return "too-large";
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** At most `limit` bytes of the body as UTF-8; past the limit the answer is 413. */
export async function readBoundedText(
  request: Request,
  limit: number,
): Promise<{ ok: true; text: string } | BodyError> {
  const bytes = await readBoundedBytes(request, limit);
  if (bytes === "too-large") return tooLarge;
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, status: 400, error: "The request body is not valid UTF-8." };
  }
}

export async function readJsonBody(request: Request, limit = maxBodyBytes): Promise<BodyResult> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return { ok: false, status: 415, error: "Send the request as application/json (UTF-8)." };
  }
  const read = await readBoundedText(request, limit);
  if (!read.ok) return read;
  try {
    return { ok: true, value: JSON.parse(read.text) };
  } catch {
    return { ok: false, status: 400, error: "The request body is not valid JSON." };
  }
}

export async function readFormBody(
  request: Request,
  limit = maxBodyBytes,
): Promise<FormBodyResult> {
  const read = await readBoundedText(request, limit);
  if (!read.ok) return read;
  return { ok: true, value: new URLSearchParams(read.text) };
}
