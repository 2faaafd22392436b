/**
 * Entry of a render's own process (child_process.fork): one task, one answer, then it ends. A
 * crash or a runaway render of the whole site ends only this, never the server.
 */
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

process.once("message", async (task: RenderTask) => {
  const answer = await run(task);
  process.send?.(answer, () => process.exit(0));
});
