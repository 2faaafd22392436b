/** The figures count up over two seconds once 30 % of one is visible (docs/product.md). */
const countUp = { durationMs: 2000, threshold: 0.3 } as const;

/**
 * The prerendered page holds the final figures (`data-count-to`, `data-suffix`). This starts as
 * they come near the screen: it sets each to 0, then counts it up the first time it is 30 %
 * visible. Visitors who prefer reduced motion keep the final figures.
 */
export function start(group: HTMLElement) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const figure of group.querySelectorAll<HTMLElement>("[data-count-to]")) {
    const target = Number(figure.dataset.countTo);
    const show = (value: number) => {
      figure.textContent = `${value}${figure.dataset.suffix ?? ""}`;
    };
    show(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const begin = performance.now();
        const tick = (now: number) => {
          // A frame can be stamped a little before `begin`: never count below zero.
          const progress = Math.min(Math.max(now - begin, 0) / countUp.durationMs, 1);
          show(Math.round(target * easeOutCubic(progress)));
          if (progress < 1) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      { threshold: countUp.threshold },
    );
    observer.observe(figure.parentElement ?? figure);
  }
}

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}
