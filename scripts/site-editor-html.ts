/**
 * `node scripts/site-editor-html.ts <folder>`: every page of the owner's site editor as HTML, one
 * file each, after the same steps every time: each part's form as opened, refused (every box
 * emptied, nonsense typed, numbers out of range, a row half filled), published with a change to
 * every field, then the home with its history, each entry's Undo and Go back pages and a form
 * refused because its part changed since it was opened. The link's token and the times are
 * masked, so two runs of the same code write the same files: run it before and after a change to
 * the editor's forms or the history's words, then `diff -r` the two folders (nothing should
 * differ but what the change meant to). The contact function runs in this process on an
 * in-memory store, with a host that shows each version as soon as it is asked; no build needed.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  contactDefaults,
  createLinkSigners,
  siteSubject,
} from "../functions/send-contact-email/index.ts";
import { functionUrl, startOwnerFunction } from "./owner-pages-harness.ts";

// Many publishes in a row, each one compared: the limit of a leaked link does not apply here.
(contactDefaults as { sitePublishesPer10Minutes: number }).sitePublishesPer10Minutes = 100_000;

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node scripts/site-editor-html.ts <folder>");
  process.exit(2);
}
const out = resolve(folder);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const { fn, owner } = await startOwnerFunction({
  secret: "site-editor-html-owner-link-secret-0123456789",
});
const token = await createLinkSigners(owner.links).site.sign(siteSubject, new Date());

async function call(path: string, body?: URLSearchParams) {
  const url = `${functionUrl}/site${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  const response = await fn.fetch(
    new Request(
      url,
      body
        ? {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body,
          }
        : undefined,
    ),
    { peer: "127.0.0.1" },
  );
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

const masked = (text: string) =>
  text
    .replaceAll(encodeURIComponent(token), "TOKEN")
    .replaceAll(token, "TOKEN")
    .replace(
      /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}[\s\u202f]?[AP]M/g,
      "WHEN",
    )
    .replace(/edited-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}/g, "edited-WHEN");

let count = 0;
async function save(name: string, path: string, body?: URLSearchParams) {
  const answer = await call(path, body);
  count += 1;
  const file = `${String(count).padStart(3, "0")}-${name.replace(/[^a-z0-9-]+/gi, "_")}.html`;
  writeFileSync(
    join(out, file),
    masked(
      `<!-- ${answer.status} ${answer.location ?? ""} -->\n${answer.html.replace(/></g, ">\n<")}\n`,
    ),
  );
  return answer;
}

type Control = {
  tag: "input" | "textarea" | "select";
  name: string;
  type: string;
  value: string;
  options: string[];
};

const attributes = (tag: string) =>
  Object.fromEntries(
    [...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map((match) => [match[1], match[2] ?? ""]),
  );
const unescaped = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The form's controls as a browser would send them (an unticked box: value ""). */
function controlsOf(html: string): Control[] {
  const body = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
  const controls: Control[] = [];
  for (const [, tag] of body.matchAll(/<input ([^>]*)\/?>/g)) {
    const input = attributes(tag as string);
    if (!input.name) continue;
    const value =
      input.type === "checkbox" ? ("checked" in input ? "on" : "") : unescaped(input.value ?? "");
    controls.push({
      tag: "input",
      name: input.name,
      type: input.type ?? "text",
      value,
      options: [],
    });
  }
  for (const [, tag, text] of body.matchAll(/<textarea ([^>]*)>([^<]*)<\/textarea>/g))
    controls.push({
      tag: "textarea",
      name: attributes(tag as string).name as string,
      type: "textarea",
      value: unescaped((text as string).replace(/^\n/, "")),
      options: [],
    });
  for (const [, tag, inner] of body.matchAll(/<select ([^>]*)>(.*?)<\/select>/gs)) {
    const options = [...(inner as string).matchAll(/<option value="([^"]*)"/g)].map((m) =>
      unescaped(m[1] ?? ""),
    );
    const chosen = /<option value="([^"]*)" selected="">/.exec(inner as string)?.[1];
    controls.push({
      tag: "select",
      name: attributes(tag as string).name as string,
      type: "select",
      value: unescaped(chosen ?? options[0] ?? ""),
      options,
    });
  }
  return controls;
}

function formOf(controls: Control[]): URLSearchParams {
  const form = new URLSearchParams();
  for (const control of controls)
    if (control.type !== "checkbox" || control.value !== "")
      form.append(control.name, control.value);
  return form;
}

const own = (control: Control) => !["baseVersion", "previewPath"].includes(control.name);
const rowIndex = (name: string) => /\.(\d+)\.[^.]+(\.[a-z]+)?$/.exec(name)?.[1];

type Change = (control: Control, controls: Control[]) => string;
const variants: Record<string, Change> = {
  emptied: (control) =>
    control.type === "checkbox" || control.tag === "select" ? control.value : "",
  nonsense: (control) =>
    control.type === "number"
      ? "abc"
      : control.tag === "select" || control.type === "checkbox" || control.type === "hidden"
        ? control.value
        : "x".repeat(1300),
  "too-low": (control) => (control.type === "number" ? "-1" : control.value),
  "too-high": (control) => (control.type === "number" ? "9999999" : control.value),
  "half-row": (control, controls) => {
    const rows = controls.map((one) => Number(rowIndex(one.name) ?? -1));
    const blank = Math.max(...rows);
    const first = controls.find(
      (one) =>
        Number(rowIndex(one.name) ?? -1) === blank &&
        (one.type === "text" || one.tag === "textarea"),
    );
    return blank >= 0 && first?.name === control.name ? "Half a row" : control.value;
  },
  changed: (control) => {
    if (control.type === "hidden") return control.value;
    if (control.type === "checkbox") {
      if (control.name.endsWith(".remove")) return "";
      if (rowIndex(control.name) !== undefined) return "on";
      return control.value ? "" : "on";
    }
    if (control.tag === "select") {
      const at = control.options.indexOf(control.value);
      return control.options[(at + 1) % control.options.length] ?? control.value;
    }
    if (control.type === "tel") return "(610) 555-0100";
    if (control.type === "email") return "new@example.org";
    if (control.type === "number")
      return control.value === ""
        ? ""
        : String(Number(control.value) + (Number(control.value) > 1 ? -1 : 1));
    if (control.tag === "textarea" && control.name.startsWith("area."))
      return `${control.value} 19999`.trim();
    if (control.value.length <= 2) return control.value;
    const [line = "", ...rest] = control.value.split("\n");
    return [`${line.slice(0, 30)} again`, ...rest].join("\n");
  },
  "one-change": (control, controls) => {
    const first = controls.find(
      (one) => own(one) && (one.type === "text" || one.tag === "textarea"),
    );
    if (control.name === first?.name && !control.name.startsWith("area."))
      return `${control.value.slice(0, 30)} new`;
    if (control.name === "area.exton.nearby") return `${control.value} 19425`.trim();
    if (control.name === "hours.week.saturday.closes") return "14:00";
    if (control.name === "hours.week.saturday.sameAsMonday") return "";
    return control.value;
  },
  "remove-row": (control) => (/\.0\.remove$/.test(control.name) ? "on" : control.value),
};

const home = await save("home", "");
const slugs = [...home.html.matchAll(/href="\.\/site\/([a-z/-]+)\?token/g)].map(
  (m) => m[1] as string,
);
const partsList = await save("pages-list", "/pages");
const pageSlugs = [...partsList.html.matchAll(/href="\.\.\/site\/(pages\/[a-z-]+)\?token/g)].map(
  (m) => m[1] as string,
);
const parts = [
  ...slugs.filter((slug) => !["pages", "pictures"].includes(slug) && !slug.includes("/")),
  ...pageSlugs,
];
if (parts.length < 10) throw new Error(`too few parts found: ${parts.join(", ")}`);

for (const part of parts) {
  for (const [variant, change] of Object.entries(variants)) {
    const opened = await save(`${part}-form`, `/${part}`);
    const controls = controlsOf(opened.html);
    const changed = controls.map((control) =>
      own(control) ? { ...control, value: change(control, controls) } : control,
    );
    if (changed.every((control, index) => control.value === controls[index]?.value)) continue;
    const answer = await save(`${part}-${variant}`, `/${part}`, formOf(changed));
    if (answer.status === 303) await save(`${part}-${variant}-home`, "");
  }
}

const final = await save("home-final", "");
const versions = [
  ...new Set([...final.html.matchAll(/site\/undo\/(\d+)\?token/g)].map((m) => m[1] as string)),
];
for (const version of versions) {
  await save(`undo-${version}`, `/undo/${version}`);
  await save(`restore-${version}`, `/restore/${version}`);
}
await save("restore-first", "/restore/first");

// Two forms of one part at once: the second Publish is refused with what changed since.
for (const part of ["hours", "prices", "area", "reviews", "business", "pages/exton"]) {
  const first = controlsOf((await call(`/${part}`)).html);
  const second = controlsOf((await call(`/${part}`)).html);
  const one = first.map((control) =>
    own(control) ? { ...control, value: variants.changed?.(control, first) ?? "" } : control,
  );
  await save(`${part}-first-of-two`, `/${part}`, formOf(one));
  const other = second.map((control) =>
    own(control) ? { ...control, value: variants["one-change"]?.(control, second) ?? "" } : control,
  );
  await save(`${part}-second-of-two`, `/${part}`, formOf(other));
}
// Undo and Go back, published.
const latest = await save("home-before-undo", "");
const newest = [...latest.html.matchAll(/site\/undo\/(\d+)\?token/g)].map((m) => Number(m[1]));
for (const version of newest.slice(0, 6)) {
  const page = await call(`/undo/${version}`);
  const base = /name="baseVersion" value="(\d+)"/.exec(page.html)?.[1] ?? "";
  await save(
    `undo-${version}-posted`,
    `/undo/${version}`,
    new URLSearchParams({ baseVersion: base }),
  );
}
await save("home-after-undo", "");
await fn.stop();
console.log(`${count} pages written to ${out}`);
