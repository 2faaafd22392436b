/**
 * The owner publishes while the pages live on a static host: the function (the real Node server,
 * SQLite in a temporary data folder) stores the version, the publish calls the host's build hook
 * (DEPLOY_HOOK_URL), and the host's build reads the version from the function with the documented
 * build command (`npm run content -- --pull --write`, CONTENT_FUNCTION_URL). The host is a stand-in
 * on loopback that records each hook POST and, like Netlify, Cloudflare Pages or Vercel, answers
 * at once and runs the build afterwards.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseContactConfig } from "../../functions/send-contact-email/base/config.ts";
import { silentLogger } from "../../functions/send-contact-email/base/log.ts";
import {
  openSqliteStore,
  type SqliteStore,
} from "../../functions/send-contact-email/database/sqlite-store.ts";
import {
  callDeployHook,
  tellStaticHost,
} from "../../functions/send-contact-email/site/deploy-hook.ts";
import { dataPaths } from "../../server/settings.ts";
import { describeChanges } from "../../shared/content/content-changes.ts";
import { pictureFileType } from "../../shared/content/picture-files.ts";
import { contentGroups, repositoryContent } from "../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { type HostProcess, projectRoot, runScript, startNodeServer } from "./support/processes.ts";

let folder = "";
let dataDir = "";
let server: HostProcess;
let store: SqliteStore;
let functionUrl = "";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "static-host-"));
  dataDir = join(folder, "data");
  server = await startNodeServer(
    {
      STATIC_DIR: await createFakeSite(folder),
      DATA_DIR: dataDir,
      OWNER_LINK_SECRET: "static-host-test-owner-link-secret-0123456789",
    },
    folder,
  );
  functionUrl = `${server.url}/functions/v1/send-contact-email`;
  // The store the editor's publish writes to: the server's own database file.
  store = openSqliteStore(dataPaths(dataDir).database);
});

afterAll(async () => {
  await store?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

type Answer = (response: ServerResponse) => void;
const answer =
  (status: number): Answer =>
  (response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(status < 300 ? '{"id":"a-build"}' : '{"error":"busy"}');
  };

/**
 * A static host: each POST to its hook is recorded and answered (answers[n] for the n-th, the last
 * one after that); each one answered 2xx starts a build into a folder of its own.
 */
async function standInHost(answers: (Answer | "hang")[]) {
  const posts: { method: string; path: string }[] = [];
  const builds: { folder: string; done: Promise<string> }[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on("end", () => {
      posts.push({ method: request.method ?? "", path: request.url ?? "" });
      const next = answers[Math.min(posts.length, answers.length) - 1] ?? answer(200);
      if (next === "hang") return;
      next(response);
      if (response.statusCode >= 300) return;
      const into = join(folder, `build-${posts.length}-${Date.now()}`);
      mkdirSync(into);
      builds.push({
        folder: into,
        // The build command the deploying guide gives the host, its address from the host's settings.
        done: runScript(
          "scripts/content.ts",
          dataDir,
          ["--pull", "--write", "--to", into],
          folder,
          {
            CONTENT_FUNCTION_URL: functionUrl,
          },
        ),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hook: `http://127.0.0.1:${port}/build_hooks/6f1e0c2a9b7d4e3f`,
    posts,
    builds,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

function repositoryVersion(): SiteContent {
  const result = checkSiteContent(repositoryContent);
  if (!result.ok) throw new Error("the repository's content is invalid");
  return result.content;
}

/** What the editor's publish does: store the version (the editor checked it first). */
async function publish(change: (document: SiteContent) => void) {
  const before = ((await store.liveContent())?.document as SiteContent) ?? repositoryVersion();
  const next = structuredClone(before);
  change(next);
  return store.publishContent({ document: next, changes: describeChanges(before, next) });
}

/** The content document a build folder holds, one file per group. */
function builtDocument(into: string): Record<string, unknown> {
  return Object.fromEntries(
    contentGroups.map((group) => [
      group,
      JSON.parse(readFileSync(join(into, `${group}.json`), "utf8")),
    ]),
  );
}

describe("publishing to a static host", () => {
  it("calls the hook once, and the host's build writes the new version's files", async () => {
    const host = await standInHost([answer(200)]);
    try {
      const published = await publish((document) => {
        document.contact.phone = "(484) 555-0177";
      });
      const config = parseContactConfig({ DEPLOY_HOOK_URL: host.hook });
      const told = await tellStaticHost(config, published.version, silentLogger);
      expect(told).toMatchObject({ ok: true, attempts: 1 });
      expect(host.posts).toEqual([{ method: "POST", path: "/build_hooks/6f1e0c2a9b7d4e3f" }]);
      expect(host.builds).toHaveLength(1);
      const build = host.builds[0];
      const output = await build?.done;
      expect(output).toContain(`version ${published.version}, published`);

      const pulled = builtDocument(build?.folder ?? "");
      expect((pulled.contact as { phone: string }).phone).toBe("(484) 555-0177");
      expect(checkSiteContent(pulled).ok).toBe(true);
      // Written as `npm run content -- --write` writes: the groups not changed, byte for byte.
      for (const group of contentGroups.filter((name) => name !== "contact"))
        expect(readFileSync(join(build?.folder ?? "", `${group}.json`), "utf8")).toBe(
          readFileSync(join(projectRoot, "content", `${group}.json`), "utf8"),
        );
    } finally {
      host.close();
    }
  });

  it("tries the hook once more when the host first answers 500", async () => {
    const host = await standInHost([answer(500), answer(200)]);
    try {
      const published = await publish((document) => {
        document.offer.enabled = !document.offer.enabled;
      });
      const told = await callDeployHook({
        url: host.hook,
        version: published.version,
        log: silentLogger,
        retryDelayMs: 50,
      });
      expect(told).toMatchObject({ ok: true, attempts: 2 });
      expect(host.posts).toHaveLength(2);
      expect(host.builds).toHaveLength(1);
      await host.builds[0]?.done;
      const pulled = builtDocument(host.builds[0]?.folder ?? "");
      const live = (await store.liveContent())?.document as SiteContent;
      expect(pulled.offer).toEqual(live.offer);
    } finally {
      host.close();
    }
  });

  it("gives up on a hook that does not answer, with a reason; the version stays stored", async () => {
    const host = await standInHost(["hang"]);
    try {
      const published = await publish((document) => {
        document.contact.phone = "(484) 555-0166";
      });
      const told = await callDeployHook({
        url: host.hook,
        version: published.version,
        log: silentLogger,
        timeoutMs: 500,
        retryDelayMs: 50,
      });
      expect(told).toMatchObject({ ok: false, attempts: 2 });
      if (!told.ok) {
        expect(told.reason).toBe("it did not answer within 0.5 seconds");
        expect(told.message).toContain(`Version ${published.version} is saved`);
        expect(told.message).not.toContain("6f1e0c2a9b7d4e3f");
      }
      expect(host.builds).toEqual([]);
      // Publish again or Restore later: the function still answers the version.
      const live = (await (await fetch(`${functionUrl}/content`)).json()) as { version: number };
      expect(live.version).toBe(published.version);
    } finally {
      host.close();
    }
  });

  it("fetches the pictures the version names into the folder the build serves at /pictures/", async () => {
    const id = "5a".repeat(16);
    // Real pictures: the pull judges each file by its bytes, not by what the function says.
    const pixels = () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: "#0e7490" } });
    const encoded: Record<string, Promise<Buffer>> = {
      "480.avif": pixels().avif().toBuffer(),
      "480.webp": pixels().webp().toBuffer(),
      "480.jpg": pixels().jpeg().toBuffer(),
    };
    const files = await Promise.all(
      Object.entries(encoded).map(async ([name, bytes]) => ({
        name: `${id}-${name}`,
        type: pictureFileType(`${id}-${name}`) ?? "",
        bytes: new Uint8Array(await bytes),
      })),
    );
    await store.savePicture({ id, width: 600, height: 400, files });
    await publish((document) => {
      document.pictures = {
        "home-hero": { picture: id, alt: "The crew at work", width: 600, height: 400 },
      };
    });
    const into = join(folder, "with-pictures");
    const pictures = join(into, "public", "pictures");
    mkdirSync(into);
    const output = await runScript(
      "scripts/content.ts",
      dataDir,
      ["--pull", functionUrl, "--write", "--to", into, "--pictures-to", pictures],
      folder,
    );
    expect(output).toContain(`3 picture files in ${pictures}`);
    expect(readdirSync(pictures).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files)
      expect(readFileSync(join(pictures, file.name))).toEqual(Buffer.from(file.bytes));
    expect(builtDocument(into).pictures).toEqual({
      "home-hero": { picture: id, alt: "The crew at work", width: 600, height: 400 },
    });

    // A picture the function cannot give fails the build, and content/ is left as it was.
    await publish((document) => {
      document.pictures = {
        founder: { picture: "6b".repeat(16), alt: "The founder", width: 600, height: 400 },
      };
    });
    const refused = join(folder, "missing-picture");
    mkdirSync(refused);
    await expect(
      runScript(
        "scripts/content.ts",
        dataDir,
        ["--pull", functionUrl, "--write", "--to", refused, "--pictures-to", pictures],
        folder,
      ),
    ).rejects.toThrow(/The picture (?:6b){16}-480\.avif could not be fetched: .* answered 404/);
    expect(readdirSync(refused)).toEqual([]);
    // Three runs of the content script, each a Node process of its own: seconds each on a loaded
    // machine, more than the suite's 20 s together.
  }, 90_000);

  it("fails the host's build, with the reasons, on a version the schema refuses", async () => {
    const bad = structuredClone(repositoryVersion()) as { contact: { phone: string } };
    bad.contact.phone = "call us";
    await store.publishContent({ document: bad, changes: ["Main phone: → call us"] });
    const into = join(folder, "refused");
    mkdirSync(into);
    const build = runScript(
      "scripts/content.ts",
      dataDir,
      ["--pull", functionUrl, "--write", "--to", into],
      folder,
    );
    await expect(build).rejects.toThrow(/does not pass the content schema: contact\.phone: /);
    expect(() => readFileSync(join(into, "contact.json"))).toThrow();
  });
});
