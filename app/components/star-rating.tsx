/** Five stars as one line of text: lighter than five icons, read out once as a rating. */
export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  return (
    <p className="text-sparkle text-xl leading-none tracking-widest" data-rating={rating}>
      <span aria-hidden="true">{"★".repeat(rating)}</span>
      <span className="sr-only">
        Rated {rating} out of {outOf}
      </span>
    </p>
  );
}
