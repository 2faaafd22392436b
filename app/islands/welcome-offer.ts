import { rememberOffer } from "~/lib/offer-note";
import { hasVisitedBefore, rememberVisit } from "~/lib/visit-flag";
import { closeOnBackdrop } from "./dialogs";

/**
 * The first-visit offer, for visitors without the flag (registry.ts checks it before this loads).
 * Its markup (components/welcome-dialog.tsx, prerendered to `data-src`) is fetched and added to
 * the page closed. It opens `data-delay-ms` after this starts, and never before every way out
 * (close button, Escape, backdrop, either action) is bound to remember the visit.
 */
export function start(body: HTMLElement) {
  const { src = "", delayMs, visitFlag = "" } = body.dataset;
  let due = false;
  let dialog: HTMLDialogElement | null = null;
  const open = () => {
    if (due && dialog && !hasVisitedBefore(visitFlag)) dialog.showModal();
  };
  window.setTimeout(() => {
    due = true;
    open();
  }, Number(delayMs));

  fetch(src)
    .then((response) => {
      if (!response.ok) throw new Error(`${src}: ${response.status}`);
      return response.text();
    })
    .then((markup) => {
      const found = new DOMParser().parseFromString(markup, "text/html").querySelector("dialog");
      if (!found) throw new Error(`${src}: no <dialog>`);
      bind(found, visitFlag);
      body.append(found);
      dialog = found;
      open();
    })
    .catch((error: unknown) => console.error("The welcome offer could not load", error));
}

function bind(dialog: HTMLDialogElement, flag: string) {
  // The close button (a method="dialog" form), Escape and the backdrop all end in "close".
  dialog.addEventListener("close", () => rememberVisit(flag));
  closeOnBackdrop(dialog);
  for (const action of dialog.querySelectorAll("a")) {
    action.addEventListener("click", () => {
      rememberVisit(flag);
      // "Claim My Discount": the form finds the offer applied even after a detour.
      if (action.dataset.offer) rememberOffer(action.dataset.offer);
      dialog.close();
    });
  }
}
