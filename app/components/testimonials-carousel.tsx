import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback } from "react";
import { StarRating } from "~/components/star-rating";
import { testimonials } from "~/content/testimonials";
import { useNearViewport } from "~/hooks/use-near-viewport";
import { cn } from "~/lib/cn";

/**
 * Five client reviews (product.md, Widgets): 1, 2 or 3 per view, looping, aligned to the
 * start, buttons from medium screens up and arrow keys. Without JavaScript the row scrolls.
 * Embla starts when the carousel nears the viewport: measuring the slides is start-up work that
 * a visitor who never scrolls down does not need.
 */
export function TestimonialsCarousel() {
  const { ref: group, near } = useNearViewport<HTMLDivElement>();
  const [viewport, carousel] = useEmblaCarousel({ loop: true, align: "start" });
  const previous = useCallback(() => carousel?.scrollPrev(), [carousel]);
  const next = useCallback(() => carousel?.scrollNext(), [carousel]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!carousel) return; // the row still scrolls natively
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };

  return (
    // A group, not a region: the section around it is already the "What Our Clients Say" region.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; the APG carousel is a group
    <div
      ref={group}
      role="group"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      // One tab stop either way: the running carousel takes arrow keys here; before it starts (or
      // without JavaScript) the scrolling row below is focusable, so keys scroll it natively.
      tabIndex={carousel ? 0 : undefined}
      onKeyDown={onKeyDown}
      className="relative rounded-2xl"
    >
      <div
        // Handing Embla its viewport is what starts it (no ref, no carousel).
        ref={near ? viewport : undefined}
        tabIndex={carousel ? undefined : 0}
        className={cn(
          "-mx-2",
          carousel ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto",
        )}
      >
        <ul className="flex touch-pan-y">
          {testimonials.map((testimonial, index) => (
            <li
              key={testimonial.name}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${testimonials.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start px-2 md:basis-1/2 lg:basis-1/3"
            >
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <StarRating rating={testimonial.rating} />
                <blockquote className="mt-3 grow leading-relaxed">
                  <p>{testimonial.text}</p>
                </blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                  >
                    {testimonial.initials}
                  </span>
                  <span>
                    <span className="block font-bold text-ink">{testimonial.name}</span>
                    <span className="block text-slate-600 text-sm">{testimonial.location}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 hidden justify-end gap-2 md:flex">
        <CarouselButton onClick={previous} label="Previous testimonial" disabled={!carousel}>
          <ChevronLeft aria-hidden="true" className="size-6" />
        </CarouselButton>
        <CarouselButton onClick={next} label="Next testimonial" disabled={!carousel}>
          <ChevronRight aria-hidden="true" className="size-6" />
        </CarouselButton>
      </div>
    </div>
  );
}

function CarouselButton({
  onClick,
  label,
  disabled,
  children,
}: {
  onClick: () => void;
  label: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-12 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 hover:bg-brand-50 disabled:opacity-50"
    >
      {children}
      <span className="sr-only">{label}</span>
    </button>
  );
}
