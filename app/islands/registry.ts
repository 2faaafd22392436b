import { hasVisitedBefore } from "~/lib/visit-flag";

/** What an island's module exports: start on the marked element, whole before it returns. */
export type IslandModule = { start(element: HTMLElement): void };

type Island = {
  /**
   * When its code loads and starts: "load" straight after the first paint, "near" when the element
   * comes within 200 px of the viewport or the visitor touches or focuses it.
   */
  when: "load" | "near";
  /** Checked first, on the marked element: false means nothing is fetched at all. */
  needed?: (element: HTMLElement) => boolean;
  load: () => Promise<IslandModule>;
};

/**
 * Every island of the site, and the only JavaScript a page ever loads (besides entry.client.tsx).
 * To add one: write `app/islands/<name>.ts` exporting `start(element)` (platform code where it
 * can be; a `.tsx` with `hydrateRoot` where it needs React, like contact-form.tsx), add a line
 * here, and spread `island("<name>")` on the element it works on.
 */
export const islands = {
  menu: { when: "load", load: () => import("./menu") },
  // Only on pages built with SITE_COUNTS=on: taps and the form's first typing, and where the visit
  // came from; cookie-free, under 1 KB.
  beacon: { when: "load", load: () => import("./beacon") },
  "welcome-offer": {
    when: "load",
    needed: (element) => !hasVisitedBefore(element.dataset.visitFlag ?? ""),
    load: () => import("./welcome-offer"),
  },
  "service-dialogs": {
    when: "load",
    // Browsers with invoker commands and closedby open and close these dialogs by themselves.
    needed: () =>
      !("command" in HTMLButtonElement.prototype && "closedBy" in HTMLDialogElement.prototype),
    load: () => import("./service-dialogs"),
  },
  counters: { when: "near", load: () => import("./counters") },
  carousel: { when: "near", load: () => import("./carousel") },
  "contact-form": { when: "near", load: () => import("./contact-form") },
  "zip-check": { when: "near", load: () => import("./zip-check") },
  "not-found": { when: "load", load: () => import("./not-found") },
} satisfies Record<string, Island>;

export type IslandName = keyof typeof islands;
