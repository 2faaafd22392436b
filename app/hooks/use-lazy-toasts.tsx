import { useCallback, useEffect, useRef, useState } from "react";
import { loadSonner, type Sonner, toastOptions } from "~/lib/toasts";

type ToastKind = "success" | "error";

/**
 * Toasts without shipping the toast library in the page's first JavaScript. `host` must be
 * rendered; `notify` loads the library, mounts its <Toaster> and waits until it listens
 * (a toast sent before that would be lost).
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

  const host = library ? (
    <>
      <library.Toaster position="top-center" richColors closeButton {...toastOptions} />
      <MountSignal onMount={mounted.current.resolve} />
    </>
  ) : null;

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
