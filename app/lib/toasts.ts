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

/**
 * product.md, Widgets: at most three visible, each dismissed after four seconds. The library's
 * rich colours put its green and red text at about 4.2:1 on their tints; these darker ones pass
 * WCAG AA (4.5:1) for the toast's small text.
 */
export const toastOptions = {
  visibleToasts: 3,
  duration: 4000,
  style: {
    "--success-text": "#166534",
    "--success-border": "#86efac",
    "--error-text": "#b91c1c",
    "--error-border": "#fca5a5",
  } as React.CSSProperties,
} as const;
