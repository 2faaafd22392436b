/**
 * The browser every script here drives: Debian's Chromium (browser downloads are impossible on
 * these machines; CHROMIUM_PATH overrides), with the launch flags that work here: no sandbox
 * (containers), no GPU, and none of the browser's own background traffic.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
