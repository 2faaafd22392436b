import { useEffect, useRef, useState } from "react";

/**
 * Becomes true, once, when the element comes within `margin` of the viewport. Widgets below the
 * fold use it to start their JavaScript only when a visitor is about to see them, so that work
 * stays out of the page's start-up (no long tasks while the page becomes interactive).
 */
export function useNearViewport<T extends Element>(margin = "200px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);

  return { ref, near };
}
