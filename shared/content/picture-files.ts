/**
 * The owner's pictures (the content's `pictures` group) as files: which artwork slots exist, which
 * widths a picture is made at, and what each file is called. The Node host makes the files
 * (server/pictures/), the store keeps them, the pages name them in srcsets and the render writes
 * them into the site: all from these few rules, so the names always agree.
 */

/** The images behind the artwork component (app/content/artwork.ts): one picture each at most. */
export const pictureSlots = [
  "home-hero",
  "floor-wax-hero",
  "residential",
  "commercial",
  "janitorial",
  "office",
  "carpet",
  "post-construction",
  "floor-wax",
  "about-team",
  "founder",
  "town-hero",
  "contact-hero",
] as const;
export type PictureSlot = (typeof pictureSlots)[number];

/**
 * Each slot as the owner knows it: where on the site the picture shows, in the words of someone
 * who looks at the pages, not at their code ("hero"). The history says "<label> photo: replaced".
 */
export const pictureSlotLabels: Record<PictureSlot, string> = {
  "home-hero": "Home page, top",
  "floor-wax-hero": "Floor Strip & Wax page, top",
  residential: "Residential Cleaning page, top",
  commercial: "Commercial Cleaning page and its Services card",
  janitorial: "Janitorial page and its Services card",
  office: "Services page, top, and the Office Cleaning card",
  carpet: "Carpet Cleaning page and its Services card",
  "post-construction": "Post-Construction page and its Services card",
  "floor-wax": "Services page, the Strip and Wax card",
  "about-team": "About page, the team",
  founder: "About page, the founder",
  "town-hero": "Town pages, top (all five towns)",
  "contact-hero": "Contact page, top",
};

/** The page a slot's photo is previewed on before it is published: one that shows it. */
export const pictureSlotPages: Record<PictureSlot, string> = {
  "home-hero": "/",
  "floor-wax-hero": "/floor-strip-wax",
  residential: "/residential-cleaning",
  commercial: "/commercial-cleaning",
  janitorial: "/janitorial-services",
  office: "/services",
  carpet: "/carpet-cleaning",
  "post-construction": "/post-construction",
  "floor-wax": "/services",
  "about-team": "/about",
  founder: "/about",
  "town-hero": "/exton",
  "contact-hero": "/contact",
};

/** The widths the pages already use for photos (app/content/photos.ts). */
export const pictureWidths = [480, 800, 1200] as const;

/** Best first: the order of a <picture>'s sources, the last one the <img>'s fallback. */
export const pictureFormats = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
  { ext: "jpg", type: "image/jpeg" },
] as const;
export type PictureExt = (typeof pictureFormats)[number]["ext"];

/**
 * A picture's longest side, in pixels: a wider or taller upload is refused from its header, before
 * its pixels are decoded or anything is stored (the schema holds a published picture to it too).
 */
export const maxPictureSide = 20_000;

/** An upload larger than this is refused before it is read to the end. */
export const maxPictureBytes = 10 * 1024 * 1024;

/** A picture's id: hex of a SHA-256 over its files, so the same picture is stored once. */
export const pictureIdShape = /^[0-9a-f]{32}$/;

/** A stored file's name: `<id>-<width>.<ext>`. */
export const pictureFileShape = /^([0-9a-f]{32})-(\d{1,4})\.(avif|webp|jpg)$/;

/**
 * The widths a picture `width` pixels wide is made at: never wider than it is (no upscaling), and
 * a picture narrower than the smallest width is kept at its own.
 */
export function widthsFor(width: number): number[] {
  const widths: number[] = pictureWidths.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

/** The height of the copy `width` wide, as the resizer rounds it. */
export function heightAt(picture: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((picture.height * width) / picture.width));
}

export function pictureFileName(id: string, width: number, ext: PictureExt): string {
  return `${id}-${width}.${ext}`;
}

/** Every file of a picture, by the names the store and the site give them. */
export function pictureFileNames(picture: { picture: string; width: number }): string[] {
  return widthsFor(picture.width).flatMap((width) =>
    pictureFormats.map(({ ext }) => pictureFileName(picture.picture, width, ext)),
  );
}

export function pictureFileType(name: string): string | null {
  const ext = pictureFileShape.exec(name)?.[3];
  return pictureFormats.find((format) => format.ext === ext)?.type ?? null;
}
