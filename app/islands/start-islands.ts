import type { IslandModule } from "./registry";

type Registry = Record<
  string,
  {
    when: "load" | "near";
    needed?: (element: HTMLElement) => boolean;
    load: () => Promise<IslandModule>;
  }
>;

/**
 * Finds every island mark in the page and starts each one on its own, when it is due. A started
 * island's element gets `data-island-ready`; the document gets `data-islands="started"` once every
 * island due at load has started (or failed) and those due near the screen are waiting. Tests wait
 * for these marks: a tap before an island started would be lost.
 */
export function startIslands(registry: Registry, root: ParentNode = document) {
  const atLoad: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    const island = registry[element.dataset.island ?? ""];
    if (!island) {
      console.error(`Unknown island "${element.dataset.island}"`);
      continue;
    }
    if (island.needed && !island.needed(element)) continue;
    const due = island.when === "near" ? nearOrTouched(element) : Promise.resolve();
    const started = due
      .then(island.load)
      .then((module) => {
        module.start(element);
        element.dataset.islandReady = "";
      })
      .catch((error: unknown) => console.error(`Island "${element.dataset.island}" failed`, error));
    if (island.when === "load") atLoad.push(started);
  }
  void Promise.all(atLoad).then(() => {
    document.documentElement.dataset.islands = "started";
  });
}

/** Resolves when the element comes within 200 px of the viewport, or is touched or focused. */
function nearOrTouched(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === "undefined") return resolve();
    const events = ["pointerdown", "focusin"] as const;
    const done = () => {
      observer.disconnect();
      for (const name of events) element.removeEventListener(name, done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    for (const name of events) element.addEventListener(name, done);
  });
}
