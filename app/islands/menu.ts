/**
 * The mobile menu is a native popover and needs no script to open or close. Choosing a link
 * also closes it at once, so a page restored from the back-forward cache shows it closed.
 */
export function start(menu: HTMLElement) {
  menu.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) menu.hidePopover?.();
  });
}
