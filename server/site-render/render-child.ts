/**
 * Entry of a render's own process (child_process.fork) or thread (worker_threads): one task, one
 * answer, then it ends. Nothing here is shared with the server: its own content registry, its own
 * copy of the pages' modules, and a crash or a runaway render ends only this.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import {
  messageOf,
  type RenderResult,
  type RenderTask,
  renderPreviewHere,
  renderSiteHere,
} from "./render-pages.ts";

export type RenderAnswer = { ok: true; result: RenderResult } | { ok: false; reason: string };

async function run(task: RenderTask): Promise<RenderAnswer> {
  try {
    const result =
      task.kind === "site" ? await renderSiteHere(task) : await renderPreviewHere(task);
    return { ok: true, result };
  } catch (error) {
    return { ok: false, reason: messageOf(error) };
  }
}

if (!isMainThread) {
  parentPort?.postMessage(await run(workerData as RenderTask));
} else {
  process.once("message", async (task: RenderTask) => {
    const answer = await run(task);
    process.send?.(answer, () => process.exit(0));
  });
}
