/**
 * For browsers without `closedby="any"`: a click on the dialog box itself (its content fills it,
 * so the click hit the backdrop) closes it. Browsers with closedby do this natively.
 */
export function closeOnBackdrop(dialog: HTMLDialogElement) {
  if ("closedBy" in HTMLDialogElement.prototype) return;
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}
