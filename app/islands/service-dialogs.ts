import { closeOnBackdrop } from "./dialogs";

/**
 * The service cards open their dialogs with invoker commands (`commandfor`, `command`), with or
 * without JavaScript. This runs only in browsers that lack them or `closedby`: the backdrop is
 * bound first, then cards open their dialogs by click.
 */
export function start(list: HTMLElement) {
  for (const dialog of list.querySelectorAll("dialog")) closeOnBackdrop(dialog);
  if ("command" in HTMLButtonElement.prototype) return;
  list.addEventListener("click", (event) => {
    const card = event.target instanceof Element && event.target.closest("button[commandfor]");
    const dialog = card && document.getElementById(card.getAttribute("commandfor") ?? "");
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
  });
}
