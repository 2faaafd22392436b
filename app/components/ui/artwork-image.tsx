import type { Picture } from "vite-imagetools";
import { type ArtworkName, artwork } from "~/content/artwork";
import { usePageFacts } from "~/content/page-facts";
import { photos } from "~/content/photos";
import { cn } from "~/lib/cn";
import { pictureSources } from "../../../shared/content/owner-pictures";

type ArtworkImageProps = {
  name: ArtworkName;
  /** The page's main image: fetched early, never lazy. */
  priority?: boolean;
  /** Overrides the catalogue's alt text; empty when the picture only decorates. */
  alt?: string;
  /** The rendered width, for choosing among a photo's sizes. */
  sizes?: string;
  className?: string;
};

/**
 * Every picture on the site goes through here: fixed dimensions so nothing shifts while it loads,
 * lazy below the fold. In place of the illustration, in this order: the picture the owner
 * uploaded for this slot (the `pictures` of the version the page is made from, with the owner's
 * alt text), else a photo added to the build (app/assets/photos/).
 */
export function ArtworkImage({
  name,
  priority = false,
  alt,
  sizes = "(min-width: 1024px) 50vw, 100vw",
  className,
}: ArtworkImageProps) {
  const image = artwork[name];
  const photo = photos[name];
  const loading = {
    loading: priority ? "eager" : "lazy",
    decoding: priority ? "sync" : "async",
    fetchPriority: priority ? "high" : "auto",
  } as const;
  const text = alt ?? image.alt;
  const owned = usePageFacts().ownerPictures[name];

  if (owned)
    return (
      <ResponsivePhoto
        photo={pictureSources(owned)}
        alt={owned.alt}
        sizes={sizes}
        className={className}
        {...loading}
      />
    );
  if (photo)
    return (
      <ResponsivePhoto photo={photo} alt={text} sizes={sizes} className={className} {...loading} />
    );
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={text}
      {...loading}
      className={cn("h-auto w-full", className)}
    />
  );
}

type ResponsivePhotoProps = {
  photo: Picture;
  alt: string;
  sizes: string;
  className?: string;
} & Pick<React.ComponentProps<"img">, "loading" | "decoding" | "fetchPriority">;

/** AVIF, then WebP, then the fallback format, each at several widths. */
export function ResponsivePhoto({
  photo,
  alt,
  sizes,
  className,
  ...loading
}: ResponsivePhotoProps) {
  const fallback = Object.keys(photo.sources).at(-1);
  return (
    <picture>
      {Object.entries(photo.sources)
        .filter(([format]) => format !== fallback)
        .map(([format, srcSet]) => (
          <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
        ))}
      <img
        src={photo.img.src}
        srcSet={fallback ? photo.sources[fallback] : undefined}
        sizes={sizes}
        width={photo.img.w}
        height={photo.img.h}
        alt={alt}
        {...loading}
        className={cn("h-auto w-full object-cover", className)}
      />
    </picture>
  );
}
