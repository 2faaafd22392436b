/**
 * The only script a page loads, after its first paint (site-build/finish-html.ts replaces React
 * Router's hydration scripts with it). Pages are not hydrated: each island starts on its own
 * (docs/decisions/0008-islands.md).
 */
import { islands } from "~/islands/registry";
import { startIslands } from "~/islands/start-islands";

startIslands(islands);
