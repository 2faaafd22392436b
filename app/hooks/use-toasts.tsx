import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "~/components/ui/stroke-icons";

type ToastKind = "success" | "error";
type Toast = { id: number; kind: ToastKind; message: string };

/** product.md, Widgets: at most three visible, each dismissed after four seconds. */
const visibleToasts = 3;
const toastDuration = 4000;

// Darker than a toast library's usual green and red on their tints: WCAG AA (4.5:1) for small text.
const kindClasses: Record<ToastKind, string> = {
  success: "border-green-300 bg-green-50 text-green-800",
  error: "border-red-300 bg-red-50 text-red-700",
};

/**
 * The form's toasts: a polite live region, so screen readers hear each message, with the newest
 * three on the screen. A hand-written region instead of a toast library (decision 0017): the page
 * needs two messages, not 8 KB of brotli.
 *
 * `host` must be rendered. It is portalled to <body> once the island has started: toasts are
 * `position: fixed`, and an ancestor with containment (the page's sections use
 * `content-visibility: auto`, app.css), a transform or a filter makes "fixed" relative to that
 * ancestor instead of the screen. The region is there before any message, as live regions must be
 * for a message put into them to be announced.
 */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [mounted, setMounted] = useState(false);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // Pointer over or focus inside: the messages wait, as a reader may need longer than 4 s.
  const held = useRef(false);

  useEffect(() => {
    setMounted(true);
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const schedule = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toastDuration),
      );
    },
    [dismiss],
  );

  const notify = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((current) => {
        const kept = [...current, { id, kind, message }];
        // Older ones beyond three leave rather than wait off-screen.
        for (const gone of kept.slice(0, -visibleToasts)) {
          clearTimeout(timers.current.get(gone.id));
          timers.current.delete(gone.id);
        }
        return kept.slice(-visibleToasts);
      });
      if (!held.current) schedule(id);
    },
    [schedule],
  );

  const hold = () => {
    held.current = true;
    for (const timer of timers.current.values()) clearTimeout(timer);
  };
  const release = () => {
    held.current = false;
    for (const toast of toasts) schedule(toast.id);
  };

  const host = mounted
    ? createPortal(
        <section
          aria-label="Notifications"
          aria-live="polite"
          className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4"
          onMouseEnter={hold}
          onMouseLeave={release}
          onFocus={hold}
          onBlur={release}
        >
          {toasts.map((toast) => (
            <div
              key={toast.id}
              ref={slideIn}
              data-toast={toast.kind}
              className={`pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-lg border px-4 py-3 font-medium text-sm shadow-lg ${kindClasses[toast.kind]}`}
            >
              <span className="flex-1">{toast.message}</span>
              <button
                type="button"
                aria-label="Close"
                onClick={() => dismiss(toast.id)}
                className="-m-2 rounded p-2 leading-none opacity-70 hover:opacity-100"
              >
                <CloseIcon className="size-4" />
              </button>
            </div>
          ))}
        </section>,
        document.body,
      )
    : null;

  return { host, notify };
}

/** A short slide from above, unless the visitor asked for less motion. */
function slideIn(element: HTMLElement | null) {
  if (!element || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  element.animate(
    [
      { opacity: 0, transform: "translateY(-0.5rem)" },
      { opacity: 1, transform: "none" },
    ],
    { duration: 200, easing: "ease-out" },
  );
}
