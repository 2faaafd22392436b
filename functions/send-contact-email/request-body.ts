/**
 * Reads the JSON body without trusting it (contact-api.md: over 16 KiB 413, not JSON 415,
 * malformed 400). The size cap holds while reading, whatever Content-Length claims, so a huge or
 * endless body costs at most 16 KiB of memory.
 */
export const maxBodyBytes = 16 * 1024;

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; error: string };

const tooLarge = {
  ok: false,
  status: 413,
  error: `The request is too large (the limit is ${maxBodyBytes / 1024} KiB).`,
} as const;

export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const [mediaType = "", ...parameters] = header
    .split(";")
    .map((part) => part.trim().toLowerCase());
  if (mediaType !== "application/json") return false;
  return parameters.every((parameter) => {
    const [name, value = ""] = parameter.split("=").map((part) => part.trim());
    return name !== "charset" || value.replace(/"/g, "") === "utf-8";
  });
}

export async function readJsonBody(request: Request, limit = maxBodyBytes): Promise<BodyResult> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return { ok: false, status: 415, error: "Send the request as application/json (UTF-8)." };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) return tooLarge;

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
        return tooLarge;
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

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, error: "The request body is not valid UTF-8." };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, error: "The request body is not valid JSON." };
  }
}
