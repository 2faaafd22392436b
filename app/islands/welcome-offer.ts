import { claimInPlace } from "~/lib/offer-claim";
import { hasVisitedBefore, rememberVisit } from "~/lib/visit-flag";
import { closeOnBackdrop } from "./dialogs";

/**
 * After the last keystroke anywhere on the page, how long the offer waits before it opens: a
 * modal dialog takes the keyboard, so it must never land in the middle of someone's typing.
 */
export const quietAfterTypingMs = 5000;

/** A control that takes keystrokes: while one has focus, the offer does not open. */
function takesTyping(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return (
    element instanceof HTMLInputElement &&
    !["button", "submit", "reset", "image", "hidden"].includes(element.type)
  );
}

/**
 * The first-visit offer, for visitors without the flag (registry.ts checks it before this loads).
 * Its markup (components/welcome-dialog.tsx, prerendered to `data-src`) is fetched and added to
 * the page closed. It opens `data-delay-ms` after this starts (product.md, Widgets), but never
 * while a field has focus or within `quietAfterTypingMs` of a keystroke: it waits until the
 * visitor leaves the field or pauses, so it never takes keystrokes meant for a field. It does not
 * open at all once the visitor has sent a quote request on this page (`[data-quote-sent]`), and
 * never before every way out (close button, Escape, backdrop, either action) is bound to remember
 * the visit.
 */
export function start(body: HTMLElement) {
  const { src = "", delayMs, visitFlag = "" } = body.dataset;
  let due = false;
  let dialog: HTMLDialogElement | null = null;
  let lastKeystroke = Number.NEGATIVE_INFINITY;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const typed = () => {
    lastKeystroke = performance.now();
  };
  const leftField = () => setTimeout(open);
  const listeners = [
    ["keydown", typed],
    ["input", typed],
    ["focusout", leftField],
  ] as const;
  for (const [name, listener] of listeners) document.addEventListener(name, listener, true);
  const stopWatching = () => {
    clearTimeout(retry);
    for (const [name, listener] of listeners) document.removeEventListener(name, listener, true);
  };

  function open() {
    if (!due || !dialog || dialog.open) return;
    if (hasVisitedBefore(visitFlag) || document.querySelector("[data-quote-sent]")) {
      stopWatching();
      return;
    }
    // The next "focusout" tries again.
    if (takesTyping(document.activeElement)) return;
    const wait = lastKeystroke + quietAfterTypingMs - performance.now();
    if (wait > 0) {
      clearTimeout(retry);
      retry = setTimeout(open, wait);
      return;
    }
    stopWatching();
    dialog.showModal();
  }

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
    action.addEventListener("click", (event) => {
      rememberVisit(flag);
      const offer = action.dataset.offer;
      // "Claim My Discount" on the form's own page: applied where the visitor is, no reload.
      if (offer && claimInPlace(offer)) {
        event.preventDefault();
        dialog.close();
        const quote = document.getElementById("quote");
        quote?.scrollIntoView({ block: "start" });
        quote?.focus({ preventScroll: true });
        return;
      }
      // Elsewhere its link goes to /contact with the offer in the address.
      dialog.close();
    });
  }
}
