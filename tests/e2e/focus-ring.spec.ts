/**
 * The keyboard's focus ring can be seen on every background it sits on (WCAG 1.4.11 and 2.4.7;
 * the yellow ring alone was 1.5:1 on white). A keyboard user Tabs through whole pages at
 * the phone's and the desktop's width; at each stop the test reads the ring's two colours (outline
 * and inner shadow, app/app.css) and the background behind the element (ancestors' colours
 * composited, each stop of a gradient), and computes WCAG contrast: one tone must reach 3:1.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForIslands } from "./fixtures";

type Rgb = [number, number, number];

type Stop = {
  element: string;
  outline: { style: string; width: number; color: Rgb };
  shadow: Rgb | null;
  /** The colours the ring may sit on: one, or each stop of a gradient. */
  backgrounds: Rgb[];
};

/** Runs in the page: the ring and what is behind the focused element, as sRGB. */
async function readFocusedRing(): Promise<Stop | null> {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body || !element.matches(":focus-visible")) return null;
  // Buttons fade their colours (transition-colors, outline-color included): read the ring drawn.
  await Promise.all(element.getAnimations().map((animation) => animation.finished));
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
  // The canvas turns any CSS colour (hex, rgb, oklch, with alpha) into sRGB, compositing as it paints.
  const paint = (colors: string[]): [number, number, number] => {
    context.globalCompositeOperation = "copy";
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 1, 1);
    context.globalCompositeOperation = "source-over";
    for (const color of colors) {
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
    }
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0];
  };
  const colorPattern = /(?:rgba?|oklch|oklab|hsla?|lab|lch|color)\([^)]*\)|#[0-9a-f]{3,8}\b/gi;
  const isOpaque = (color: string) =>
    paint(["rgb(0 0 0)", color]).join() === paint(["rgb(255 255 255)", color]).join();

  // From the element's parent outwards: translucent layers until an opaque colour or a gradient.
  const layers: string[] = [];
  let gradient: string[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const stops = style.backgroundImage.includes("gradient")
      ? (style.backgroundImage.match(colorPattern) ?? [])
      : [];
    if (stops.length > 0) {
      gradient = stops;
      break;
    }
    const color = style.backgroundColor;
    if (color && color !== "rgba(0, 0, 0, 0)" && color !== "transparent") {
      layers.unshift(color);
      if (isOpaque(color)) break;
    }
  }
  const backgrounds = gradient.length
    ? gradient.map((stop) => paint([stop, ...layers]))
    : [paint(layers)];

  const style = getComputedStyle(element);
  const shadowColor = style.boxShadow === "none" ? null : style.boxShadow.match(colorPattern)?.[0];
  const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
  return {
    element: name,
    outline: {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: paint([style.outlineColor]),
    },
    shadow: shadowColor ? paint([shadowColor]) : null,
    backgrounds,
  };
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Tabs through the whole page, reading the ring at every stop (at most 150). */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press("Tab");
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return "body";
      return `${[...document.querySelectorAll("*")].indexOf(element)}`;
    });
    if (seen.has(key)) break; // back round to the start
    seen.add(key);
    const stop = await page.evaluate(readFocusedRing);
    if (stop) stops.push(stop);
  }
  return stops;
}

// The home page (hero, floor-care banner, cards, carousel, areas), the contact page's form, the
// statistics band on /services, a town page's closing banner; the footer on each.
const pages = ["/", "/contact", "/services", "/exton"];

for (const path of pages) {
  test(`${path}: the focus ring is at least 3:1 against every background it sits on`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForIslands(page);
    const stops = await tabThrough(page);
    expect(stops.length, "focusable stops reached by Tab").toBeGreaterThan(10);
    const problems: string[] = [];
    let darkest = 1;
    let lightest = 0;
    for (const stop of stops) {
      if (stop.outline.style !== "solid" || stop.outline.width < 2) {
        problems.push(`${stop.element}: no ring (${JSON.stringify(stop.outline)})`);
        continue;
      }
      const tones = stop.shadow ? [stop.outline.color, stop.shadow] : [stop.outline.color];
      for (const background of stop.backgrounds) {
        darkest = Math.min(darkest, luminance(background));
        lightest = Math.max(lightest, luminance(background));
        const best = Math.max(...tones.map((tone) => contrast(tone, background)));
        if (best < 3)
          problems.push(`${stop.element} on rgb(${background}): ${best.toFixed(2)}:1 at best`);
      }
    }
    expect(problems).toEqual([]);
    // Both kinds of background were met: the page's white and the footer's navy.
    expect(lightest).toBeGreaterThan(0.9);
    expect(darkest).toBeLessThan(0.05);
  });
}

test("the ring's two tones: yellow alone fails on white, ink alone on the footer", () => {
  const yellow: Rgb = [250, 204, 21];
  const ink: Rgb = [15, 23, 42];
  const white: Rgb = [255, 255, 255];
  const footer: Rgb = [8, 51, 68]; // brand-950
  expect(contrast(yellow, white)).toBeLessThan(1.6);
  expect(contrast(ink, white)).toBeGreaterThan(3);
  expect(contrast(ink, footer)).toBeLessThan(3);
  expect(contrast(yellow, footer)).toBeGreaterThan(3);
});
