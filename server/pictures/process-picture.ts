/**
 * The owner's uploads made into the pages' pictures, on the Node host (the contact function takes
 * this as its `processPicture`; it never imports sharp itself, so it also runs on Deno). An upload
 * is decoded for real: a file that only looks like a picture by its name or first bytes is
 * refused. The camera's orientation is applied first, then every piece of metadata (EXIF with its
 * location, XMP, IPTC, the ICC profile once converted to sRGB) is left out of what is written.
 * Each width of shared/content/picture-files.ts that the picture reaches is made in AVIF, WebP and
 * JPEG; a picture is never enlarged.
 */
import sharp from "sharp";
import {
  PictureRefusal,
  type ProcessedPicture,
  type ProcessPicture,
  sizeProblem,
} from "../../functions/send-contact-email/index.ts";
import { type PictureExt, pictureFormats, widthsFor } from "../../shared/content/picture-files.ts";

/** About a 100-megapixel photo: more than any phone's default, and a bound on memory. */
export const maxPicturePixels = 100_000_000;

type Image = ReturnType<typeof sharp>;

const readable = new Set(["jpeg", "png", "webp"]);

export class NotAPictureError extends Error {}

const encoders: Record<PictureExt, (image: Image) => Image> = {
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 78 }),
  jpg: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
};

export const processPicture: ProcessPicture = async (bytes) => {
  const options = { failOn: "error", limitInputPixels: maxPicturePixels } as const;
  let metadata: Awaited<ReturnType<Image["metadata"]>>;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw new NotAPictureError(`not a readable picture: ${(error as Error).message}`);
  }
  if (!metadata.format || !readable.has(metadata.format))
    throw new NotAPictureError(`a ${metadata.format ?? "unknown"} file, not JPEG, PNG or WebP`);
  const { width, height } = metadata.autoOrient;
  // From the header alone: a 30,000 px wide strip has few pixels, but no page can use it.
  const tooLarge = sizeProblem({ width, height });
  if (tooLarge) throw new PictureRefusal(tooLarge);

  const oriented = sharp(bytes, options).autoOrient();
  const files: ProcessedPicture["files"] = [];
  try {
    for (const size of widthsFor(width))
      for (const { ext, type } of pictureFormats) {
        const resized = oriented.clone().resize({ width: size, withoutEnlargement: true });
        files.push({
          name: `${size}.${ext}`,
          type,
          bytes: new Uint8Array(await encoders[ext](resized).toBuffer()),
        });
      }
  } catch (error) {
    // The header read, the pixels did not: a truncated or damaged file.
    throw new NotAPictureError(`the picture does not decode: ${(error as Error).message}`);
  }
  return { width, height, files };
};
