import EmblaCarousel from "embla-carousel";

/**
 * The testimonials carousel (components/testimonials-carousel.tsx): a row that scrolls natively
 * until this starts, near the viewport. Embla then loops it one slide at a time with the buttons
 * and the arrow keys. Buttons and keys are bound before the buttons are enabled and the carousel
 * takes the focus from the row.
 */
export function start(group: HTMLElement) {
  const viewport = group.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return;
  const buttons = [...group.querySelectorAll<HTMLButtonElement>("[data-carousel-step]")];
  const hadFocus = document.activeElement === viewport;

  viewport.classList.remove("snap-x", "snap-mandatory", "overflow-x-auto");
  viewport.classList.add("overflow-hidden");
  viewport.scrollLeft = 0;
  const carousel = EmblaCarousel(viewport, { loop: true, align: "start" });
  const step = (direction: string | undefined) =>
    direction === "previous" ? carousel.scrollPrev() : carousel.scrollNext();

  for (const button of buttons) {
    button.addEventListener("click", () => step(button.dataset.carouselStep));
  }
  group.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? "previous" : "next");
  });

  // One tab stop either way: the row before, the carousel from now on.
  viewport.removeAttribute("tabindex");
  group.tabIndex = 0;
  if (hadFocus) group.focus();
  for (const button of buttons) button.disabled = false;
}
