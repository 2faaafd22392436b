import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { command, markdownTable, withSection, writeFigures } from "./figures.ts";

describe("docs/figures.md sections", () => {
  it("replaces only the named section, keeping the prose around it", () => {
    const text =
      "# Figures\n\nWhy.\n\n<!-- figures:pages -->\nold pages\n<!-- /figures:pages -->\n\n" +
      "<!-- figures:bundle -->\nold bundle\n<!-- /figures:bundle -->\nAfter.\n";
    const next = withSection(text, "pages", "new pages\n");
    expect(next).toBe(text.replace("old pages", "new pages"));
    expect(withSection(next, "pages", "new pages")).toBe(next);
  });

  it("appends a section the file does not have yet", () => {
    expect(withSection("# Figures\n", "server-2", "quotes")).toBe(
      "# Figures\n\n<!-- figures:server-2 -->\nquotes\n<!-- /figures:server-2 -->\n",
    );
  });

  it("writes a file that did not exist", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "figures-"));
    const file = path.join(folder, "figures.md");
    await writeFigures("bundle", "table", file);
    expect(await readFile(file, "utf8")).toContain("<!-- figures:bundle -->\ntable\n");
    await writeFile(file, "changed by hand\n");
    await writeFigures("bundle", "again", file);
    expect(await readFile(file, "utf8")).toMatch(/^changed by hand\n\n<!-- figures:bundle -->/);
    await rm(folder, { recursive: true, force: true });
  });

  it("records the command as npm accepts it, and tables as Markdown", () => {
    expect(command("bench:pages", ["--runs", "3"])).toBe("npm run bench:pages -- --runs 3");
    expect(command("bench:bundle", [])).toBe("npm run bench:bundle");
    expect(markdownTable(["a", "b"], [[1, "x"]])).toBe("| a | b |\n| --- | --- |\n| 1 | x |");
  });
});
