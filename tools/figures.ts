/**
 * docs/figures.md, written by the benchmarks themselves: each replaces its own sections (between
 * `<!-- figures:NAME -->` and `<!-- /figures:NAME -->`) with its latest run, saying when, on which
 * machine and with which command. Prose elsewhere links here instead of copying figures, which
 * went stale in the README.
 */
import { readFile, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, release, totalmem } from "node:os";
import path from "node:path";

export const figuresFile = path.resolve(import.meta.dirname, "../docs/figures.md");

/** Cores, CPU, memory, kernel and Node: the machine a figure was measured on. */
export function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  const memory = `${(totalmem() / 1024 ** 3).toFixed(0)} GiB`;
  return `${availableParallelism()} cores (${cpu}), ${memory} RAM, Linux ${release()}, Node ${process.version}`;
}

/** `npm run bench:x -- --flag`: the command as it was typed, for the record. */
export function command(script: string, args = process.argv.slice(2)): string {
  return `npm run ${script}${args.length > 0 ? ` -- ${args.join(" ")}` : ""}`;
}

/** The head every section starts with: when, where and how. */
export function provenance(script: string, extra: string[] = []): string {
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC with \`${command(script)}\`.`,
    `Machine: ${machine()}.`,
    ...extra,
  ].join(" ");
}

/** Replaces the section `name` of `text`, or appends it when the text has none. */
export function withSection(text: string, name: string, body: string): string {
  const open = `<!-- figures:${name} -->`;
  const close = `<!-- /figures:${name} -->`;
  const section = `${open}\n${body.trim()}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) return `${text.trimEnd()}\n\n${section}\n`;
  return `${text.slice(0, start)}${section}${text.slice(end + close.length)}`;
}

export async function writeFigures(name: string, body: string, file = figuresFile) {
  const text = await readFile(file, "utf8").catch(() => "# Figures\n");
  await writeFile(file, withSection(text, name, body));
}

/** A Markdown table from a header row and rows of cells. */
export function markdownTable(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
