/**
 * One Lighthouse run in a fresh headless Chromium (a new profile each time, like the Lighthouse
 * CLI: every run is a first-time visitor with an empty cache and empty local storage). Lighthouse's
 * default settings: mobile form factor (moto g power), simulated throttling.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags } from "../chromium.ts";
import { onCleanup } from "./cleanup.ts";
import type { Lhr } from "./lhr.ts";

export const chromeFlags = ["--headless", ...chromiumFlags];

export type LighthouseRun = { lhr: Lhr; json: string; html: string };

export async function runLighthouse(
  url: string,
  { chromePath, timeoutMs = 120_000 }: { chromePath: string; timeoutMs?: number },
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags,
    handleSIGINT: false,
    logLevel: "silent",
  });
  const kill = async () => {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
  };
  const forget = onCleanup("Chromium", kill);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse did not finish within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
    });
    const result = await Promise.race([
      lighthouse(url, { port: chrome.port, output: ["json", "html"], logLevel: "error" }),
      timeout,
    ]);
    if (!result) throw new Error("Lighthouse returned no result");
    const [json, html] = result.report as string[];
    return { lhr: result.lhr as unknown as Lhr, json: json ?? "", html: html ?? "" };
  } finally {
    clearTimeout(timer);
    forget();
    await kill();
  }
}
