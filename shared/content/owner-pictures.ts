/**
 * The owner's pictures of a content version, as the pages use them: a slot's picture becomes the
 * same AVIF/WebP/JPEG set of widths a build-time photo has (app/content/photos.ts), under
 * /pictures/ in the served site (server/pictures/write-pictures.ts puts the files there).
 */
import {
  heightAt,
  type PictureSlot,
  pictureFileName,
  pictureFormats,
  widthsFor,
} from "./picture-files.ts";
import type { OwnerPicture, SiteContent } from "./site-content.ts";

export type OwnerPictures = Partial<Record<PictureSlot, OwnerPicture>>;

export function ownerPicturesOf(document: Pick<SiteContent, "pictures">): OwnerPictures {
  // A document from before the group existed has none (the schema reads it so too).
  return document.pictures ?? {};
}

/** A picture's srcsets by format (best first, JPEG last) and its largest JPEG for <img>. */
export function pictureSources(picture: OwnerPicture): {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
} {
  const widths = widthsFor(picture.width);
  const url = (width: number, ext: (typeof pictureFormats)[number]["ext"]) =>
    `/pictures/${pictureFileName(picture.picture, width, ext)}`;
  const sources = Object.fromEntries(
    pictureFormats.map(({ ext }) => [
      ext,
      widths.map((width) => `${url(width, ext)} ${width}w`).join(", "),
    ]),
  );
  const largest = widths.at(-1) as number;
  return { sources, img: { src: url(largest, "jpg"), w: largest, h: heightAt(picture, largest) } };
}
