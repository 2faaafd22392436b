/**
 * A small stand-in for build/client, shaped like React Router's prerendered output: pages as
 * folder/index.html with inline scripts (plain and module), a hashed asset, a 404 page, and a
 * secret next to (outside) the site folder that must never be served; finished by the build's own
 * last step (headers, compressed versions, _headers.json).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeServingFiles } from "../../../site-build/ship-site.ts";

export const inlineScripts = [
  'window.__reactRouterContext = {"basename":"/"};',
  'import "/assets/app-3f9a1c.js";\nwindow.__ready = true;',
];
export const inlineStyle = "body{margin:0}";
export const styleAttribute = "color:red";
export const secret = "TOP-SECRET-NOT-PART-OF-THE-SITE";

const page = (title: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="/assets/app-3f9a1c.css">
<style>${inlineStyle}</style>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
<script>${inlineScripts[0]}</script>
<script type="module" async="">${inlineScripts[1]}</script>
</head><body><h1 style="${styleAttribute}">${title}</h1>${"<p>Clean homes, happy clients.</p>".repeat(80)}</body></html>`;

/** Creates `<folder>/site` (the static root) and `<folder>/secret.txt` beside it. */
export async function createFakeSite(folder: string): Promise<string> {
  const root = join(folder, "site");
  for (const dir of ["", "about", "contact", "404", "assets"])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "index.html"), page("Home"));
  writeFileSync(join(root, "about", "index.html"), page("About"));
  writeFileSync(join(root, "contact", "index.html"), page("Contact"));
  writeFileSync(join(root, "404", "index.html"), page("404 Not Found"));
  writeFileSync(
    join(root, "assets", "app-3f9a1c.js"),
    `console.log("app");\n${"export const x = 1;\n".repeat(300)}`,
  );
  writeFileSync(
    join(root, "assets", "app-3f9a1c.css"),
    `h1{color:navy}\n${".a{margin:0}\n".repeat(300)}`,
  );
  writeFileSync(join(root, "robots.txt"), "User-agent: *\nAllow: /\n");
  writeFileSync(join(root, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, ".env"), secret);
  writeFileSync(join(folder, "secret.txt"), secret);
  await writeServingFiles(root);
  return root;
}
