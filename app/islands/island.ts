import type { IslandName } from "./registry";

/**
 * Marks the element an island starts on: `<div {...island("carousel")}>`. The page is HTML until
 * the loader (entry.client.tsx) reaches the mark and starts that island's module on the element;
 * when it does is the island's `when` in registry.ts.
 */
export function island(name: IslandName) {
  return { "data-island": name } as const;
}
