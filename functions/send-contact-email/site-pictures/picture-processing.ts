/**
 * What the function needs from the host to take a picture: `processPicture` turns an upload into
 * the files the pages use (the Node host passes it, made with sharp: server/pictures/). The
 * function itself never decodes an image, so it runs the same on Deno; without the option (the
 * Supabase host) the Pictures page says where pictures are uploaded instead.
 */
import {
  maxPictureSide,
  pictureFileName,
  pictureFormats,
  widthsFor,
} from "../../../shared/content/picture-files.ts";

export type ProcessedPicture = {
  /** The picture as it is seen (orientation applied), in pixels. */
  width: number;
  height: number;
  /** Every width of `widthsFor(width)` in every format, named `<width>.<ext>`. */
  files: { name: string; type: string; bytes: Uint8Array }[];
};

/**
 * Rejects bytes that do not decode as a JPEG, PNG or WebP picture; otherwise orients, strips every
 * piece of metadata (location, camera, date) and resizes, never upscaling.
 */
export type ProcessPicture = (bytes: Uint8Array) => Promise<ProcessedPicture>;

/**
 * A photo the host read but will not make, with the owner's words for why (shown beside the file
 * field); any other error of processPicture means the file could not be read as a photo.
 */
export class PictureRefusal extends Error {
  readonly ownerWords: string;
  constructor(ownerWords: string) {
    super(ownerWords);
    this.ownerWords = ownerWords;
  }
}

const grouped = (value: number) => value.toLocaleString("en-US");

/** Why a picture of these pixels is not taken (too wide or too tall), or null. */
export function sizeProblem(size: { width: number; height: number }): string | null {
  if (size.width <= maxPictureSide && size.height <= maxPictureSide) return null;
  return `That photo is ${grouped(size.width)} × ${grouped(size.height)} pixels; the site takes up to ${grouped(maxPictureSide)} pixels on each side. Choose a smaller one, or crop it first.`;
}

export type UploadType = "image/jpeg" | "image/png" | "image/webp";

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The type the file's first bytes say it is, whatever its name or the browser claimed. */
export function sniffPicture(bytes: Uint8Array): UploadType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "image/jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return "image/webp";
  return null;
}

/**
 * The host's answer checked before anything is kept: a host that returned another set of files
 * than the pages will ask for would publish a picture with missing sizes.
 */
export function checkProcessed(picture: ProcessedPicture): string | null {
  const expected = widthsFor(picture.width).flatMap((width) =>
    pictureFormats.map(({ ext, type }) => `${pictureFileName("", width, ext).slice(1)} ${type}`),
  );
  const given = picture.files.map((file) => `${file.name} ${file.type}`);
  if (JSON.stringify([...given].sort()) !== JSON.stringify([...expected].sort()))
    return `the processed files are ${given.join(", ")}; expected ${expected.join(", ")}`;
  if (picture.files.some((file) => file.bytes.byteLength === 0)) return "a processed file is empty";
  return null;
}

/** The picture's id: the first 128 bits of a SHA-256 over its files, in name order. */
export async function pictureId(picture: ProcessedPicture): Promise<string> {
  const files = [...picture.files].sort((a, b) => (a.name < b.name ? -1 : 1));
  const encoder = new TextEncoder();
  const parts = files.flatMap((file) => [
    encoder.encode(`${file.name}\n${file.bytes.byteLength}\n`),
    file.bytes,
  ]);
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", whole));
  return [...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
