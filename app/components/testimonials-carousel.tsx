import { ChevronLeft, ChevronRight } from "lucide-react";
import { StarRating } from "~/components/star-rating";
import { usePageFacts } from "~/content/page-facts";
import { island } from "~/islands/island";

/**
 * Five client reviews (product.md, Widgets): 1, 2 or 3 per view. Prerendered as a row that
 * scrolls natively (without JavaScript too, where no button or dot is shown: none could work);
 * the `carousel` island turns it into a looping carousel with previous and next buttons, a dot per
 * review and arrow keys when it nears the viewport. At every width, phones included, it says how many reviews there are and which are
 * showing ("Review 1 of 5"), and how to move between them (a phone once showed one review
 * and no sign of the other four).
 */
export function TestimonialsCarousel() {
  const { testimonials } = usePageFacts();
  return (
    // A group, not a region: the section around it is already the "What Our Clients Say" region.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; the APG carousel is a group
    <div
      {...island("carousel")}
      role="group"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      className="relative rounded-2xl"
    >
      <div
        data-carousel-viewport
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling row must be focusable to scroll by keyboard; the island moves this stop to the carousel
        tabIndex={0}
        className="-mx-2 snap-x snap-mandatory overflow-x-auto"
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
      <div className="mt-6 flex flex-col items-center gap-x-4 gap-y-2 sm:flex-row sm:justify-between">
        <p className="text-sm">
          {/* The island keeps this up to date ("Review 2 of 5") and polite to screen readers. */}
          <span data-carousel-status aria-live="polite" className="font-semibold text-ink">
            {testimonials.length} reviews
          </span>
          <span className="md:hidden"> · swipe for more</span>
        </p>
        {/* Disabled, a button is invisible: without JavaScript none could work (the row scrolls
            by itself), and none shows until the island enables it. It keeps its place from the
            first paint, so nothing moves when the controls appear. */}
        <div className="flex items-center gap-1">
          <CarouselButton step="previous" label="Previous testimonial">
            <ChevronLeft aria-hidden="true" className="size-6" />
          </CarouselButton>
          {testimonials.map((testimonial, index) => (
            <button
              key={testimonial.name}
              type="button"
              data-carousel-dot={index}
              disabled
              className="group inline-flex size-8 items-center justify-center rounded-full disabled:invisible"
            >
              <span
                aria-hidden="true"
                className="size-3 rounded-full border-2 border-brand-700 group-data-[in-view]:bg-brand-700"
              />
              <span className="sr-only">
                Show review {index + 1} of {testimonials.length}
              </span>
            </button>
          ))}
          <CarouselButton step="next" label="Next testimonial">
            <ChevronRight aria-hidden="true" className="size-6" />
          </CarouselButton>
        </div>
      </div>
    </div>
  );
}

/** Disabled, and so invisible, until the carousel has started (the row scrolls by itself until then). */
function CarouselButton({
  step,
  label,
  children,
}: {
  step: "previous" | "next";
  label: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      data-carousel-step={step}
      disabled
      className="inline-flex size-11 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 hover:bg-brand-50 disabled:invisible"
    >
      {children}
      <span className="sr-only">{label}</span>
    </button>
  );
}
