import { Star } from "lucide-react";

export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  return (
    <p className="flex items-center gap-0.5" data-rating={rating}>
      {Array.from({ length: rating }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the stars are identical and never reorder
        <Star key={index} aria-hidden="true" className="size-5 fill-sparkle text-sparkle" />
      ))}
      <span className="sr-only">
        Rated {rating} out of {outOf}
      </span>
    </p>
  );
}
