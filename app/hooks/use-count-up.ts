import { useEffect, useRef, useState } from "react";

export const countUp = {
  durationMs: 2000,
  /** Start once this share of the element is on screen. */
  threshold: 0.3,
} as const;

/**
 * Counts from 0 to `target` over two seconds the first time the element is 30% visible.
 * Renders `target` before hydration (the prerendered HTML holds the real figure) and
 * keeps it for visitors who prefer reduced motion.
 */
export function useCountUp<T extends Element>(target: number) {
  const ref = useRef<T>(null);
  const [value, setValue] = useState(target);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;

    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          // A frame can be stamped a little before `start`: never count below zero.
          const progress = Math.min(Math.max(now - start, 0) / countUp.durationMs, 1);
          setValue(Math.round(target * easeOutCubic(progress)));
          if (progress < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: countUp.threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target]);

  return { ref, value };
}

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}
