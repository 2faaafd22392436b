import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { loadSonner, type Sonner, toastOptions } from "~/lib/toasts";

type ToastKind = "success" | "error";

/**
 * Toasts without shipping the toast library in the page's first JavaScript. `host` must be
 * rendered; `notify` loads the library, mounts its <Toaster> and waits until it listens
 * (a toast sent before that would be lost).
 *
 * The Toaster is portalled to <body>: its toasts are `position: fixed`, and an ancestor with
 * containment (the page's sections use `content-visibility: auto`, app.css), a transform or a
 * filter makes "fixed" relative to that ancestor instead of the screen. Rendered in the quote
 * section, the toast was drawn hundreds of pixels above the visitor's screen.
 */
export function useLazyToasts() {
  const [library, setLibrary] = useState<Sonner | null>(null);
  const mounted = useRef(withResolvers());

  const prepare = useCallback(() => {
    loadSonner().then(setLibrary, () => {});
  }, []);

  const notify = useCallback(async (kind: ToastKind, message: string) => {
    const sonner = await loadSonner();
    setLibrary(sonner);
    await mounted.current.promise;
    sonner.toast[kind](message);
  }, []);

  const host = library
    ? createPortal(
        <>
          <library.Toaster position="top-center" richColors closeButton {...toastOptions} />
          <MountSignal onMount={mounted.current.resolve} />
        </>,
        document.body,
      )
    : null;

  return { host, prepare, notify };
}

/** Its effect runs after its earlier sibling's, so the Toaster is subscribed by then. */
function MountSignal({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return null;
}

function withResolvers() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
