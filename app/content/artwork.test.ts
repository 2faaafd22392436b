import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { artwork } from "./artwork";

const folder = path.join(import.meta.dirname, "../assets/artwork");
const files = readdirSync(folder).filter((file) => file.endsWith(".svg"));

describe("artwork", () => {
  it("has a file for every catalogue entry, with matching dimensions", () => {
    for (const [name, entry] of Object.entries(artwork)) {
      const svg = readFileSync(path.join(folder, `${name}.svg`), "utf8");
      const viewBox = svg.match(/viewBox="0 0 (\d+) (\d+)"/);
      expect(viewBox, name).not.toBeNull();
      expect([Number(viewBox?.[1]), Number(viewBox?.[2])], name).toEqual([
        entry.width,
        entry.height,
      ]);
      expect(entry.alt.length, `${name} alt text`).toBeGreaterThan(10);
    }
  });

  it.each(files)("%s is a small, self-contained, script-free SVG", (file) => {
    const svg = readFileSync(path.join(folder, file), "utf8");
    expect(svg.trimStart().startsWith("<svg")).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toMatch(/width="\d+"/);
    expect(svg).toMatch(/height="\d+"/);
    expect(svg).not.toMatch(/<script|<foreignObject|<image|<text|\son[a-z]+=|href="https?:/i);
    expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
  });

  it("uses each illustration once: no copy stands in for another", () => {
    const contents = files.map((file) => readFileSync(path.join(folder, file), "utf8"));
    expect(new Set(contents).size).toBe(files.length);
  });
});
