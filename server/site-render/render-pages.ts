/**
 * The pages made again from the server build (build/server/index.js) with another content
 * document: what React Router's prerender did at build time (the same requests to the same
 * handler, the files written where it wrote them), then the build's last steps (finish-html.ts,
 * ship-site.ts). The document is handed to each request through React Router's context (the key
 * app/entry.server.tsx exports), so one loaded build makes pages of any version: a whole site in a
 * process of its own (render-child.ts), a preview in the server's own process.
 */
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { PictureFile } from "../../functions/send-contact-email/index.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import { deploymentDefaults } from "../../shared/deployment-defaults.ts";
import { finishHtml, pageFinisher } from "../../site-build/finish-html.ts";
import { chunkGraph, type ViteManifest } from "../../site-build/page-scripts.ts";
import { shipSite } from "../../site-build/ship-site.ts";
import { readSiteOptions, siteSourceDir } from "../../site-build/site-source.ts";
import { writePictures } from "../pictures/write-pictures.ts";

type Page = { path: string; kind: "html" | "resource"; needsData: boolean };

type Loaded = {
  build: ServerBuild;
  /** The page or resource at `request`, made from `document`. */
  handler: (request: Request, document: unknown) => Promise<Response>;
  pages: Page[];
  /** What a request threw, which React Router answers with a bare status 500. */
  errorOf(request: Request): unknown;
};

/** Each build loaded once per process: its modules hold no content, so any version reuses it. */
const loadedBuilds = new Map<string, Promise<Loaded>>();

function loadBuild(buildDir: string): Promise<Loaded> {
  const entry = path.join(buildDir, "server", "index.js");
  let loaded = loadedBuilds.get(entry);
  if (!loaded) {
    loaded = importBuild(entry);
    loadedBuilds.set(entry, loaded);
    // A build that failed to load is tried again next time (it may be being written).
    loaded.catch(() => loadedBuilds.delete(entry));
  }
  return loaded;
}

async function importBuild(entry: string): Promise<Loaded> {
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`the server build (${entry}) could not be loaded: ${messageOf(error)}`);
  }
  if (!Array.isArray(build.prerender) || build.prerender.length === 0)
    throw new Error(`the server build (${entry}) lists no prerendered paths`);
  const contentKey = (build.entry.module as { pageContent?: RouterContext<unknown> }).pageContent;
  if (!contentKey)
    throw new Error(`the server build (${entry}) exports no pageContent from its entry.server`);
  const thrown = new WeakMap<Request, unknown>();
  const handler = createRequestHandler(
    {
      ...build,
      entry: {
        ...build.entry,
        module: {
          ...build.entry.module,
          handleError: (error, { request }) => {
            thrown.set(request, error);
          },
        },
      },
    },
    "production",
  );
  return {
    build,
    handler: (request, document) =>
      handler(request, new RouterContextProvider(new Map([[contentKey, document]]))),
    pages: build.prerender.map((pagePath) => pageOf(build, pagePath)),
    errorOf: (request) => thrown.get(request),
  } satisfies Loaded;
}

/** Whether a prerendered path is a document or a resource route, as React Router decided it. */
function pageOf(build: ServerBuild, pagePath: string): Page {
  const byParent = new Map<string | undefined, { id: string; path?: string; index?: boolean }[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index });
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map(({ id, path: routePath, index }) =>
      index ? { id, path: routePath, index: true } : { id, path: routePath, children: tree(id) },
    );
  // React Router matches prerendered paths with a trailing slash (@react-router/dev's prerender).
  const matches = matchRoutes(tree(undefined), `/${pagePath}/`.replace(/^\/\/+/, "/"));
  if (!matches) throw new Error(`the build lists ${pagePath}, which no route matches`);
  const modules = matches.map((match) => build.routes[match.route.id ?? ""]?.module);
  const leaf = modules.at(-1);
  const resource = !leaf?.default && !leaf?.ErrorBoundary;
  return {
    path: pagePath,
    kind: resource ? "resource" : "html",
    needsData: !resource && modules.some((module) => module?.loader),
  };
}

const redirects = new Set([301, 302, 303, 307, 308]);

/** One prerendered file: its path under the site folder and its bytes. */
async function renderPage(
  { build, handler, errorOf }: Loaded,
  page: Page,
  document: unknown,
): Promise<{ file: string; body: Uint8Array }> {
  const base = build.basename ?? "/";
  if (page.kind === "resource") {
    const url = `${base}${page.path}/`.replace(/\/\/+/g, "/").replace(/\/$/g, "");
    const request = new Request(`http://localhost${url}`);
    const response = await handler(request, document);
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw statusError(response.status, errorOf(request));
    return { file: new URL(`http://localhost${url}`).pathname, body };
  }
  const headers = new Headers();
  if (page.needsData) {
    const dataPath = page.path.endsWith("/") ? `${page.path}_.data` : `${page.path}.data`;
    const response = await handler(
      new Request(`http://localhost${`${base}${dataPath}`.replace(/\/\/+/g, "/")}`),
      document,
    );
    if (response.status !== 200 && response.status !== 202)
      throw new Error(`status ${response.status} for its data`);
    const encoded = encodeURI(await response.text());
    if (encoded.length < 8 * 1024) headers.set("X-React-Router-Prerender-Data", encoded);
  }
  const url = `${base}${page.path}/`.replace(/\/\/+/g, "/");
  const request = new Request(`http://localhost${url}`, { headers });
  const response = await handler(request, document);
  const html = await response.text();
  // A redirect would be a page of its own at build time; no route of this site redirects.
  if (redirects.has(response.status)) throw new Error(`it redirects (${response.status})`);
  if (response.status !== 200) throw statusError(response.status, errorOf(request));
  return {
    file: path.posix.join(new URL(`http://localhost${url}`).pathname, "index.html"),
    body: new TextEncoder().encode(html),
  };
}

async function manifestOf(buildDir: string) {
  return chunkGraph(
    JSON.parse(await readFile(path.join(buildDir, "vite-manifest.json"), "utf8")) as ViteManifest,
  );
}

/** A picture file read from the store by the server, which has it open (the render has not). */
export type PictureBytes = PictureFile;

export type RenderTask =
  | {
      kind: "site";
      document: unknown;
      version: number | null;
      buildDir: string;
      outDir: string;
      /** The files of the pictures the document names; one it lacks fails the render. */
      pictures?: PictureBytes[];
    }
  | { kind: "preview"; document: unknown; buildDir: string; path: string };

/** Seconds spent in each step of a whole render, for the benchmark. */
export type RenderPhases = { load: number; pages: number; finish: number; ship: number };

export type RenderResult = { files: number; phases: RenderPhases } | { html: string };

/** Every file the build prerendered, then finished and shipped, into `outDir` (empty or absent). */
export async function renderSiteHere(
  task: Extract<RenderTask, { kind: "site" }>,
): Promise<{ files: number; phases: RenderPhases }> {
  const { buildDir, outDir } = task;
  let mark = performance.now();
  const lap = () => {
    const seconds = (performance.now() - mark) / 1000;
    mark = performance.now();
    return seconds;
  };
  const source = siteSourceDir(buildDir);
  const [graph, options] = await Promise.all([
    manifestOf(buildDir).catch((error) => {
      throw new Error(`the build's manifest could not be read: ${messageOf(error)}`);
    }),
    readSiteOptions(buildDir).catch((error) => {
      throw new Error(`the build's options could not be read: ${messageOf(error)}`);
    }),
  ]);
  const loaded = await loadBuild(buildDir);
  const load = lap();
  await cp(source, outDir, { recursive: true }).catch((error) => {
    throw new Error(`the build's site source (${source}) could not be copied: ${messageOf(error)}`);
  });
  for (const page of loaded.pages) {
    let rendered: { file: string; body: Uint8Array };
    try {
      rendered = await renderPage(loaded, page, task.document);
    } catch (error) {
      throw new Error(`the page ${page.path} could not be made: ${messageOf(error)}`);
    }
    const target = path.join(outDir, rendered.file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, rendered.body);
  }
  const pages = lap();
  await finishHtml(outDir, graph);
  // Before shipSite: it indexes, hashes and compresses what is in the folder, pictures included.
  const files = new Map((task.pictures ?? []).map((file) => [file.name, file]));
  await writePictures({
    document: task.document as Pick<SiteContent, "pictures">,
    reader: { pictureFile: async (name) => files.get(name) ?? null },
    outDir,
  }).catch((error) => {
    throw new Error(`the site's pictures could not be written: ${messageOf(error)}`);
  });
  const finish = lap();
  const shipped = await shipSite(outDir, graph, {
    ...options,
    reuseFrom: path.join(buildDir, "client"),
  });
  return { files: shipped.files, phases: { load, pages, finish, ship: lap() } };
}

/** One page as it would look with the document: no script at all, never indexed. */
export async function renderPreviewHere(
  task: Extract<RenderTask, { kind: "preview" }>,
): Promise<{ html: string }> {
  const graph = await manifestOf(task.buildDir);
  const loaded = await loadBuild(task.buildDir);
  const wanted = task.path === "/" ? "/" : task.path.replace(/\/+$/, "");
  const page = loaded.pages.find((candidate) => candidate.path === wanted);
  if (page?.kind !== "html") throw new Error(`there is no page ${task.path}`);
  let rendered: { body: Uint8Array };
  try {
    rendered = await renderPage(loaded, page, task.document);
  } catch (error) {
    throw new Error(`the page ${page.path} could not be made: ${messageOf(error)}`);
  }
  const finisher = await pageFinisher(siteSourceDir(task.buildDir), graph);
  const finished = await finisher.finish(new TextDecoder().decode(rendered.body), undefined, {
    islands: false,
  });
  // JSON-LD too: the editor's page runs nothing and a preview has no search engine to tell.
  const html = previewPictures(finished)
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<head>/, () => '<head><meta name="robots" content="noindex">');
  return { html };
}

/**
 * The owner's pictures from the function, which serves every stored one (…/pictures/<file>): the
 * site being served has only those of the version it shows, and a preview may show another.
 */
export function previewPictures(html: string): string {
  return html.replace(
    /(^|["\s,])\/pictures\/([0-9a-f]{32}-\d{1,4}\.(?:avif|webp|jpg))(?=[\s",])/g,
    (_, before: string, file: string) =>
      `${before}${deploymentDefaults.functionPath}/pictures/${file}`,
  );
}

function statusError(status: number, thrown: unknown): Error {
  return new Error(thrown ? `${messageOf(thrown)} (status ${status})` : `status ${status}`);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
