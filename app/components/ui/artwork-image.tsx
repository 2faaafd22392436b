import { type ArtworkName, artwork } from "~/content/artwork";
import { cn } from "~/lib/cn";

type ArtworkImageProps = {
  name: ArtworkName;
  /** The page's main image: fetched early, never lazy. */
  priority?: boolean;
  /** Empty when the picture only decorates text that says the same. */
  alt?: string;
  className?: string;
};

/**
 * Every picture on the site goes through here, with fixed dimensions so nothing shifts while
 * it loads, and lazy loading below the fold.
 */
export function ArtworkImage({ name, priority = false, alt, className }: ArtworkImageProps) {
  const image = artwork[name];
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={cn("h-auto w-full", className)}
    />
  );
}
