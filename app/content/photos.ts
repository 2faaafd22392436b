/**
 * Photos an owner drops into app/assets/photos/, keyed by file name without extension. Each
 * becomes responsive AVIF/WebP/JPEG at build time (vite-imagetools); ArtworkImage prefers a photo
 * over the SVG illustration of the same name.
 */
import type { Picture } from "vite-imagetools";

const files = import.meta.glob<Picture>("../assets/photos/*.{jpg,jpeg,png,webp}", {
  eager: true,
  import: "default",
  query: "?w=480;800;1200&format=avif;webp;jpg&as=picture",
});

export const photos: Readonly<Record<string, Picture>> = Object.fromEntries(
  Object.entries(files).map(([file, picture]) => [photoName(file), picture]),
);

export function photoName(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.[^.]+$/, "");
}
