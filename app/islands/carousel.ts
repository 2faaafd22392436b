import EmblaCarousel from "embla-carousel";

/**
 * The testimonials carousel (components/testimonials-carousel.tsx): a row that scrolls natively
 * until this starts, near the viewport. Embla then loops it one slide at a time with the buttons,
 * the dots and the arrow keys, and says which reviews are showing. Buttons and keys are bound
 * before the buttons are enabled and the carousel takes the focus from the row.
 */
export function start(group: HTMLElement) {
  const viewport = group.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return;
  const steps = [...group.querySelectorAll<HTMLButtonElement>("[data-carousel-step]")];
  const dots = [...group.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")];
  const status = group.querySelector<HTMLElement>("[data-carousel-status]");
  const hadFocus = document.activeElement === viewport;

  viewport.classList.remove("snap-x", "snap-mandatory", "overflow-x-auto");
  viewport.classList.add("overflow-hidden");
  viewport.scrollLeft = 0;
  const carousel = EmblaCarousel(viewport, { loop: true, align: "start" });
  const step = (direction: string | undefined) =>
    direction === "previous" ? carousel.scrollPrev() : carousel.scrollNext();

  for (const button of steps) {
    button.addEventListener("click", () => step(button.dataset.carouselStep));
  }
  for (const dot of dots) {
    dot.addEventListener("click", () => carousel.scrollTo(Number(dot.dataset.carouselDot)));
  }
  const show = () => {
    const showing = reviewsShowing(carousel.selectedScrollSnap(), perView(viewport), dots.length);
    for (const [index, dot] of dots.entries()) {
      dot.toggleAttribute("data-in-view", showing.includes(index));
      if (index === showing[0]) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    }
    if (status) status.textContent = showingText(showing, dots.length);
  };
  carousel.on("select", show);
  carousel.on("resize", show);
  show();
  group.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? "previous" : "next");
  });

  // One tab stop either way: the row before, the carousel from now on.
  viewport.removeAttribute("tabindex");
  group.tabIndex = 0;
  if (hadFocus) group.focus();
  for (const button of [...steps, ...dots]) button.disabled = false;
}

/** How many slides fit the window: 1, 2 or 3 (the slides' widths are set by CSS per screen). */
function perView(viewport: HTMLElement): number {
  const slide = viewport.querySelector<HTMLElement>('[aria-roledescription="slide"]');
  const width = slide?.getBoundingClientRect().width ?? 0;
  return width > 0 ? Math.max(1, Math.round(viewport.getBoundingClientRect().width / width)) : 1;
}

/** The reviews in view, first to last, wrapping round the loop: [4, 0, 1] for 5, 1 and 2. */
export function reviewsShowing(first: number, perView: number, count: number): number[] {
  return Array.from({ length: Math.min(perView, count) }, (_, offset) => (first + offset) % count);
}

/** "Review 2 of 5", "Reviews 2–4 of 5", "Reviews 5, 1 and 2 of 5". */
export function showingText(showing: number[], count: number): string {
  const numbers = showing.map((index) => index + 1);
  if (numbers.length === 1) return `Review ${numbers[0]} of ${count}`;
  const first = numbers[0] as number;
  const last = numbers.at(-1) as number;
  if (last - first === numbers.length - 1) return `Reviews ${first}–${last} of ${count}`;
  return `Reviews ${numbers.slice(0, -1).join(", ")} and ${last} of ${count}`;
}
