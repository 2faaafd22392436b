/**
 * The served site switches to a new content version whole: requests in flight during the switch
 * each get one whole document, old or new; a version already made is reused at once; a failure
 * leaves the site served before; only the last two versions' folders stay. A version's pictures
 * come from the store into its site, and one the store lacks fails that version.
 */

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PictureFile,
  silentLogger as quiet,
} from "../../functions/send-contact-email/index.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import type { OwnerPicture } from "../../shared/content/site-content.ts";
import { testStore } from "../../tests/support/stores.ts";
import { processPicture } from "../pictures/process-picture.ts";
import { serveStatic } from "../static-handler.ts";
import { loadStaticSite, type StaticSite } from "../static-site.ts";
import { buildDir, changedDocument, hasRenderableBuild } from "./render-fixtures.ts";
import { renderedMarker } from "./render-site.ts";
import { createSiteSwitcher, type SiteSwitcher } from "./site-switcher.ts";

const staticDir = join(buildDir, "client");
const paths = ["/", "/exton", "/contact", "/welcome-offer.html", "/sitemap.xml", "/no-such-page"];

type Answer = { status: number; etag: string; length: number; body: Buffer };

function fetchRaw(url: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          etag: String(response.headers.etag),
          length: Number(response.headers["content-length"]),
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The file a path is answered with, in a given site (as static-handler.ts resolves it). */
function fileFor(site: StaticSite, path: string) {
  const file =
    site.files.get(path) ?? site.files.get(path === "/" ? "/index.html" : `${path}/index.html`);
  return file ?? site.notFound;
}

const bodyOf = (file: ReturnType<typeof fileFor>) =>
  file && "bytes" in file.body ? file.body.bytes : Buffer.alloc(0);

describe.skipIf(!hasRenderableBuild)("switching the served site", () => {
  let dataDir = "";
  let switcher: SiteSwitcher;
  let server: Server;
  let origin = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "site-switcher-"));
    switcher = createSiteSwitcher({
      dataDir,
      buildDir,
      staticDir,
      site: loadStaticSite(staticDir),
      log: quiet,
      // Time is not what these tests hold: a loaded machine gets longer than the server's limit.
      timeoutMs: 170_000,
    });
    server = createServer((request, response) => {
      serveStatic(request, response, switcher.current().site, {});
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every request in flight during the switch with one whole document", async () => {
    const before = switcher.current().site;
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    const answers: { path: string; answer: Answer; sentAfterSwitch: boolean }[] = [];
    let switched = false;
    const switching = switcher.build(changedDocument(), 1).then(() => {
      switched = true;
    });
    // Waves of 200 concurrent requests until the switch is made, and one wave after it.
    let wavesAfter = 0;
    while (wavesAfter < 1) {
      const sentAfterSwitch = switched;
      if (sentAfterSwitch) wavesAfter += 1;
      const wave = Array.from({ length: 200 }, (_, i) => paths[i % paths.length] as string);
      answers.push(
        ...(await Promise.all(
          wave.map(async (path) => ({
            path,
            answer: await fetchRaw(`${origin}${path}`, agent),
            sentAfterSwitch,
          })),
        )),
      );
    }
    await switching;
    agent.destroy();
    const after = switcher.current().site;
    expect(after).not.toBe(before);
    expect(switcher.current().version).toBe(1);

    let old = 0;
    for (const { path, answer, sentAfterSwitch } of answers) {
      expect(answer.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      expect(answer.body.byteLength, path).toBe(answer.length);
      // Whole means the body and its headers come from one site: old or new, never a mix.
      const oldFile = fileFor(before, path);
      const newFile = fileFor(after, path);
      if (answer.etag === oldFile?.headers.ETag && !sentAfterSwitch) {
        expect(answer.body.equals(bodyOf(oldFile)), path).toBe(true);
        old += 1;
      } else {
        expect(answer.etag, path).toBe(newFile?.headers.ETag);
        expect(answer.body.equals(bodyOf(newFile)), path).toBe(true);
      }
    }
    expect(old).toBeGreaterThanOrEqual(200);
    expect(answers.filter((answer) => answer.sentAfterSwitch)).toHaveLength(200);
    // The popup changed: the new site really is another one.
    const popup = await fetchRaw(`${origin}/welcome-offer.html`, new Agent());
    expect(popup.body.toString("utf8")).toContain("35% Off");
  }, 240_000);

  it("reuses a version already made, as after a restart, without making it again", async () => {
    const folder = join(dataDir, "site", "v1");
    const mark = readFileSync(join(folder, renderedMarker), "utf8");
    const restarted = createSiteSwitcher({
      dataDir,
      buildDir,
      staticDir,
      site: loadStaticSite(staticDir),
      log: quiet,
    });
    const started = performance.now();
    await restarted.build(changedDocument(), 1);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(readFileSync(join(folder, renderedMarker), "utf8")).toBe(mark);
    expect(restarted.current()).toMatchObject({ version: 1, folder });
  });

  it("keeps the site served when a version cannot be made, and says why", async () => {
    const served = switcher.current();
    const failing = createSiteSwitcher({
      dataDir,
      buildDir,
      staticDir,
      site: served.site,
      log: quiet,
      timeoutMs: 50,
    });
    await expect(failing.build(changedDocument(), 4)).rejects.toThrow(
      "the site was not made within 0.05 s and was stopped",
    );
    expect(failing.current().site).toBe(served.site);
    expect(existsSync(join(dataDir, "site", "v4"))).toBe(false);
  });

  it("keeps the folders of the last two versions only", async () => {
    // A render a crash left half-made.
    mkdirSync(join(dataDir, "site", ".v9.rendering-0badf00d"));
    const document = changedDocument();
    document.offer.percentOff = 40;
    await switcher.build(document, 2);
    expect(readdirSync(join(dataDir, "site")).sort()).toEqual(["v1", "v2"]);
    await switcher.build(repositoryContent, 3);
    expect(readdirSync(join(dataDir, "site")).sort()).toEqual(["v2", "v3"]);
    expect(switcher.current().version).toBe(3);
  }, 240_000);

  it("serves the build's own pages again for the repository's version", async () => {
    await switcher.build(repositoryContent, null);
    expect(switcher.current()).toMatchObject({ version: null, folder: staticDir });
    const home = await fetchRaw(`${origin}/`, new Agent());
    expect(home.body.equals(readFileSync(join(staticDir, "index.html")))).toBe(true);
  });
});

describe.skipIf(!hasRenderableBuild)("the owner's pictures in a rendered version", () => {
  let dataDir = "";
  let switcher: SiteSwitcher;
  let server: Server;
  let origin = "";
  const store = testStore();
  let picture: OwnerPicture;
  let files: PictureFile[] = [];

  beforeAll(async () => {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 110 } },
    })
      .jpeg()
      .toBuffer();
    const made = await processPicture(new Uint8Array(photo));
    const id = createHash("sha256").update(photo).digest("hex").slice(0, 32);
    files = made.files.map((file) => ({ ...file, name: `${id}-${file.name}` }));
    await store.savePicture({ id, width: made.width, height: made.height, files });
    picture = { picture: id, alt: "Our crew in a clean kitchen", width: 640, height: 480 };
    dataDir = mkdtempSync(join(tmpdir(), "site-pictures-"));
    switcher = createSiteSwitcher({
      dataDir,
      buildDir,
      staticDir,
      site: loadStaticSite(staticDir),
      log: quiet,
      pictures: () => store,
      timeoutMs: 170_000,
    });
    server = createServer((request, response) => {
      serveStatic(request, response, switcher.current().site, {});
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("puts the files a version names in its site, served with their headers", async () => {
    const document = changedDocument();
    document.pictures = { "home-hero": picture };
    await switcher.build(document, 5);
    expect(switcher.current().version).toBe(5);
    const home = (await fetchRaw(`${origin}/`, new Agent())).body.toString("utf8");
    expect(files).toHaveLength(3);
    for (const file of files) {
      expect(home).toContain(`/pictures/${file.name}`);
      const response = await fetch(`${origin}/pictures/${file.name}`);
      expect(response.status, file.name).toBe(200);
      expect(response.headers.get("content-type"), file.name).toBe(file.type);
      expect(response.headers.get("etag"), file.name).toMatch(/^"[\w-]{27}"$/);
      expect(response.headers.get("cache-control"), file.name).toBeTruthy();
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);
    }
    expect(home).toContain('alt="Our crew in a clean kitchen"');
  }, 240_000);

  it("fails a version naming a picture the store lacks, with the reason, the site served kept", async () => {
    const served = switcher.current();
    const document = changedDocument();
    document.pictures = { founder: { ...picture, picture: "f".repeat(32) } };
    await expect(switcher.build(document, 6)).rejects.toThrow(
      `the picture file ${"f".repeat(32)}-480.avif is not in the store`,
    );
    expect(switcher.current()).toBe(served);
    expect(existsSync(join(dataDir, "site", "v6"))).toBe(false);
    const response = await fetch(`${origin}/pictures/${files[0]?.name}`);
    expect(response.status).toBe(200);
  }, 60_000);

  it("previews a page with its pictures from the function, which serves every stored one", async () => {
    const document = changedDocument();
    document.pictures = { "home-hero": picture };
    const html = await switcher.preview(document, "/");
    for (const file of files)
      expect(html).toContain(`/functions/v1/send-contact-email/pictures/${file.name}`);
    expect(html).not.toMatch(/["\s,]\/pictures\//);
  }, 60_000);
});
