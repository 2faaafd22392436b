/**
 * The owner's uploads through sharp for real: a phone photo's location and camera never reach a
 * file the site serves, its orientation is applied, PNG and WebP are taken, anything that does not
 * decode is refused, and nothing is made wider than the upload.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  checkProcessed,
  PictureRefusal,
  sniffPicture,
} from "../../functions/send-contact-email/index.ts";
import { pictureFormats } from "../../shared/content/picture-files.ts";
import { NotAPictureError, processPicture } from "./process-picture.ts";

const teal = "#0e7490";
const yellow = "#facc15";

/** A landscape picture with a yellow band down its left edge, so a turn shows where it went. */
function landscape(width = 1600, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: teal } }).composite([
    {
      input: { create: { width: Math.round(width / 8), height, channels: 3, background: yellow } },
      left: 0,
      top: 0,
    },
  ]);
}

/** As a phone writes it: held upright (orientation 6), with its make, model and location. */
async function phoneJpeg(): Promise<Buffer> {
  const plain = await landscape().jpeg().toBuffer();
  return sharp(plain)
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Phone 12", Copyright: "Dana" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 5/1 30/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "75/1 20/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The GPS IFD's pointer tag (0x8825) in either byte order. */
const hasGpsPointer = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

async function colourAt(bytes: Uint8Array, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.min(y, info.height - 1) * info.width + Math.min(x, info.width - 1)) * 3;
  return (data[at] ?? 0) > 200 && (data[at + 1] ?? 0) > 150 ? "yellow" : "teal";
}

describe("processPicture", () => {
  it("applies the orientation, then strips location, camera and every other metadata", async () => {
    const upload = await phoneJpeg();
    const before = await sharp(upload).metadata();
    // The fixture carries what a phone would: otherwise the test proves nothing.
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(before.exif as Buffer)).toBe(true);
    expect(upload.includes("PhoneCo")).toBe(true);

    const picture = await processPicture(new Uint8Array(upload));
    expect(picture).toMatchObject({ width: 900, height: 1600 });
    expect(checkProcessed(picture)).toBeNull();
    expect(picture.files.map((file) => file.name)).toEqual([
      "480.avif",
      "480.webp",
      "480.jpg",
      "800.avif",
      "800.webp",
      "800.jpg",
    ]);
    for (const file of picture.files) {
      const bytes = Buffer.from(file.bytes);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, file.name).toBeUndefined();
      expect(metadata.xmp, file.name).toBeUndefined();
      expect(metadata.iptc, file.name).toBeUndefined();
      expect(metadata.orientation ?? 1, file.name).toBe(1);
      expect(bytes.includes("PhoneCo"), file.name).toBe(false);
      expect(bytes.includes("Exif\0"), file.name).toBe(false);
      expect(sniffPicture(file.bytes) ?? "image/avif", file.name).toBe(file.type);
      // Upright: the band that ran down the left edge now runs along the top.
      const width = Number(file.name.split(".")[0]);
      expect([metadata.width, metadata.height]).toEqual([width, Math.round((width * 16) / 9)]);
      expect(await colourAt(file.bytes, width / 2, 5), file.name).toBe("yellow");
      expect(await colourAt(file.bytes, width / 2, (width * 16) / 9 - 5), file.name).toBe("teal");
    }
  });

  it.each([
    ["PNG", () => landscape(1300, 1000).png().toBuffer()],
    ["WebP", () => landscape(1300, 1000).webp().toBuffer()],
  ])("takes a %s and makes every size the pages use", async (_, make) => {
    const picture = await processPicture(new Uint8Array(await make()));
    expect(picture).toMatchObject({ width: 1300, height: 1000 });
    expect(checkProcessed(picture)).toBeNull();
    expect(picture.files).toHaveLength(9);
    for (const { ext, type } of pictureFormats) {
      const largest = picture.files.find((file) => file.name === `1200.${ext}`);
      expect(largest?.type).toBe(type);
      const metadata = await sharp(Buffer.from(largest?.bytes ?? [])).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        ext === "jpg" ? "jpeg" : ext === "avif" ? "heif" : ext,
        1200,
        923,
      ]);
    }
  });

  it("never enlarges: a picture narrower than the smallest size is kept at its own width", async () => {
    const picture = await processPicture(
      new Uint8Array(await landscape(300, 200).jpeg().toBuffer()),
    );
    expect(picture.files.map((file) => file.name)).toEqual(["300.avif", "300.webp", "300.jpg"]);
    for (const file of picture.files)
      expect((await sharp(Buffer.from(file.bytes)).metadata()).width).toBe(300);
  });

  it("refuses what is not a picture, whatever it is called or starts with", async () => {
    const text = new TextEncoder().encode("holiday-photo.jpg is not really a photo\n");
    expect(sniffPicture(text)).toBeNull();
    await expect(processPicture(text)).rejects.toBeInstanceOf(NotAPictureError);

    // A JPEG's first bytes and then nothing a decoder can use.
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(sniffPicture(damaged)).toBe("image/jpeg");
    await expect(processPicture(new Uint8Array(damaged))).rejects.toBeInstanceOf(NotAPictureError);

    // Cut off halfway: the header reads, the pixels do not.
    const whole = await landscape().jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(processPicture(new Uint8Array(truncated))).rejects.toBeInstanceOf(
      NotAPictureError,
    );

    const gif = await landscape(100, 100).gif().toBuffer();
    await expect(processPicture(new Uint8Array(gif))).rejects.toThrow(/not JPEG, PNG or WebP/);
  });

  it("refuses a picture wider or taller than 20,000 pixels from its header, before its pixels", async () => {
    // 30,000 x 8, cut off halfway: decoding it would fail; the header alone is enough to refuse.
    const strip = await sharp({
      create: { width: 30_000, height: 8, channels: 3, background: teal },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cut = new Uint8Array(strip.subarray(0, Math.floor(strip.length / 2)));
    const refusal = await processPicture(cut).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PictureRefusal);
    expect((refusal as PictureRefusal).ownerWords).toBe(
      "That photo is 30,000 × 8 pixels; the site takes up to 20,000 pixels on each side. Choose a smaller one, or crop it first.",
    );
    // Taller than that, once turned upright, is refused the same way.
    const tall = await sharp({
      create: { width: 8, height: 20_001, channels: 3, background: teal },
    })
      .png()
      .toBuffer();
    await expect(processPicture(new Uint8Array(tall))).rejects.toBeInstanceOf(PictureRefusal);
  });
});
