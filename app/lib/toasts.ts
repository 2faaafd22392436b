/** Sonner, loaded on first use: toasts are needed only after a visitor submits the form. */
export type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  sonner.catch(() => {
    sonner = undefined;
  });
  return sonner;
}

/** product.md, Widgets: at most three visible, each dismissed after four seconds. */
export const toastOptions = { visibleToasts: 3, duration: 4000 } as const;
