/**
 * The owner's photo pipeline for real: app/content/photos.ts, unchanged, built by Vite
 * with vite-imagetools beside a generated photo, must turn the photo into AVIF, WebP and JPEG
 * files at 480, 800 and 1200 px with the dimensions the page's <img> needs. The unit test of
 * ArtworkImage covers the markup; this covers the files a browser is sent.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { build } from "vite";
import { imagetools } from "vite-imagetools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "./support/processes.ts";

type Picture = { sources: Record<string, string>; img: { src: string; w: number; h: number } };

/** A 1600 x 1200 stand-in for a phone photo: a gradient and a few shapes, so encoders have work. */
async function writeSamplePhoto(file: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0e7490"/><stop offset="1" stop-color="#facc15"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <circle cx="500" cy="500" r="300" fill="#fff" opacity=".6"/>
    <rect x="900" y="600" width="500" height="400" rx="40" fill="#083344"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
}

describe("photos an owner adds", () => {
  let root = "";
  let photos: Record<string, Picture> = {};
  const outDir = () => join(root, "dist");

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "photo-pipeline-"));
    mkdirSync(join(root, "app", "content"), { recursive: true });
    mkdirSync(join(root, "app", "assets", "photos"), { recursive: true });
    copyFileSync(
      join(projectRoot, "app", "content", "photos.ts"),
      join(root, "app", "content", "photos.ts"),
    );
    await writeSamplePhoto(join(root, "app", "assets", "photos", "home-hero.jpg"));

    await build({
      root,
      configFile: false,
      logLevel: "silent",
      plugins: [imagetools()],
      build: {
        outDir: outDir(),
        ssr: "app/content/photos.ts",
        ssrEmitAssets: true,
        assetsInlineLimit: 0,
      },
    });
    const built = await import(pathToFileURL(join(outDir(), "photos.mjs")).href);
    photos = built.photos;
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("are keyed by the illustration they replace", () => {
    expect(Object.keys(photos)).toEqual(["home-hero"]);
  });

  it("become AVIF and WebP, with a JPEG fallback, at 480, 800 and 1200 px", () => {
    const picture = photos["home-hero"] as Picture;
    expect(Object.keys(picture.sources)).toEqual(["avif", "webp", "jpeg"]);
    for (const srcSet of Object.values(picture.sources)) {
      expect(srcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
        "480w",
        "800w",
        "1200w",
      ]);
    }
  });

  it("keep the photo's aspect ratio in the fallback image's width and height", () => {
    const { img } = photos["home-hero"] as Picture;
    expect(img.w / img.h).toBeCloseTo(4 / 3, 2);
    expect([480, 800, 1200]).toContain(img.w);
  });

  it("are written as real image files in the format their URL names", async () => {
    const picture = photos["home-hero"] as Picture;
    const expected = { avif: "heif", webp: "webp", jpeg: "jpeg" } as const;
    for (const [format, srcSet] of Object.entries(picture.sources)) {
      for (const entry of srcSet.split(", ")) {
        const [url, width] = entry.split(" ") as [string, string];
        const bytes = readFileSync(join(outDir(), url));
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format, url).toBe(expected[format as keyof typeof expected]);
        expect(`${metadata.width}w`, url).toBe(width);
      }
    }
  });
});
