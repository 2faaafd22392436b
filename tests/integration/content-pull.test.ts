/**
 * `npm run content -- --pull --write` against a stand-in function on loopback that answers what a
 * hostile or broken one could: the files written are the content schema's output (no key it does
 * not know, `__proto__` included; the pictures group of a version without pictures), a picture is
 * judged by its bytes rather than its Content-Type, and nothing read is larger than a bound. A
 * refused pull exits non-zero and leaves the content folder as it was.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureFileNames } from "../../shared/content/picture-files.ts";
import { contentGroups, repositoryContent } from "../../shared/content/repository-content.ts";
import { checkSiteContent, type SiteContent } from "../../shared/content/site-content.ts";
import { runScript } from "./support/processes.ts";

let folder = "";
let server: Server;
let functionUrl = "";
/** What the stand-in answers next: the content's body, and each picture file's. */
let answers: { content: string; pictures: Record<string, { type: string; bytes: Buffer }> } = {
  content: "",
  pictures: {},
};

function repositoryVersion(): SiteContent {
  const result = checkSiteContent(repositoryContent);
  if (!result.ok) throw new Error("the repository's content is invalid");
  return result.content;
}

const id = "5e".repeat(16);
const picture = { picture: id, alt: "The founder", width: 500, height: 400 };
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
const webp = Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), Buffer.alloc(60)]);
const avif = Buffer.concat([Buffer.from("\0\0\0\x1cftypavif"), Buffer.alloc(60)]);
const realBytes = (name: string) =>
  name.endsWith(".jpg") ? jpeg : name.endsWith(".webp") ? webp : avif;
const typeOf = (name: string) =>
  name.endsWith(".jpg") ? "image/jpeg" : name.endsWith(".webp") ? "image/webp" : "image/avif";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "content-pull-"));
  server = createServer((request, response) => {
    const path = request.url ?? "";
    if (path.endsWith("/content")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(answers.content);
      return;
    }
    const file = answers.pictures[path.split("/").pop() ?? ""];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": file.type });
    response.end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  functionUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send-contact-email`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A pull into fresh folders; the output, or the error it exited with. */
async function pull(name: string) {
  const into = join(folder, name);
  const pictures = join(folder, `${name}-pictures`);
  mkdirSync(into);
  const args = ["--pull", functionUrl, "--write", "--to", into, "--pictures-to", pictures];
  const outcome = await runScript("scripts/content.ts", folder, args).then(
    (output) => ({ output, error: "" }),
    (error: Error) => ({ output: "", error: error.message }),
  );
  return { ...outcome, into, pictures };
}

const published = (document: unknown) =>
  `{"version":4,"publishedAt":"2026-11-27T15:00:00.000Z","document":${JSON.stringify(document)}}`;

describe("npm run content -- --pull --write", { timeout: 60_000 }, () => {
  it("writes what the schema reads: no unknown key, no __proto__, the pictures group", async () => {
    const document = repositoryVersion() as SiteContent & Record<string, unknown>;
    const { pictures: _none, ...withoutPictures } = document;
    const hostile = {
      ...withoutPictures,
      extra: "not a group",
      contact: { ...document.contact, phone: "(484) 555-0177", sneaky: "kept?" },
    };
    // JSON.stringify drops a __proto__ key; written by hand, as a hostile server would.
    answers = {
      content: published(hostile).replace('"contact":{', '"contact":{"__proto__":{"polluted":1},'),
      pictures: {},
    };
    const { output, error, into } = await pull("hostile");
    expect(error).toBe("");
    expect(output).toContain(`written to ${contentGroups.length} files`);
    expect(readdirSync(into).sort()).toEqual(contentGroups.map((group) => `${group}.json`).sort());
    const contact = readFileSync(join(into, "contact.json"), "utf8");
    expect(JSON.parse(contact).phone).toBe("(484) 555-0177");
    expect(contact).not.toContain("sneaky");
    expect(contact).not.toContain("__proto__");
    expect(contact).not.toContain("polluted");
    expect(JSON.parse(readFileSync(join(into, "pictures.json"), "utf8"))).toEqual({});
  });

  it("takes a picture by its bytes, not its Content-Type, and writes nothing when one is wrong", async () => {
    const document = { ...repositoryVersion(), pictures: { founder: picture } };
    const names = pictureFileNames(picture);
    const honest = Object.fromEntries(
      names.map((name) => [name, { type: typeOf(name), bytes: realBytes(name) }]),
    );
    answers = { content: published(document), pictures: honest };
    const good = await pull("good");
    expect(good.error).toBe("");
    expect(readdirSync(good.pictures).sort()).toEqual([...names].sort());

    const [first = ""] = names;
    answers.pictures = {
      ...honest,
      [first]: { type: typeOf(first), bytes: Buffer.from("<html>not a picture</html>") },
    };
    const lying = await pull("lying");
    expect(lying.error).toMatch(/is not a image\/\w+ file/);
    expect(readdirSync(lying.into)).toEqual([]);
    expect(() => readdirSync(lying.pictures)).toThrow();
  });

  it("refuses a picture or a document larger than its bound", async () => {
    const document = { ...repositoryVersion(), pictures: { founder: picture } };
    const names = pictureFileNames(picture);
    const [first = ""] = names;
    answers = {
      content: published(document),
      pictures: Object.fromEntries(
        names.map((name) => [
          name,
          {
            type: typeOf(name),
            bytes:
              name === first
                ? Buffer.concat([realBytes(name), Buffer.alloc(11 * 1024 * 1024)])
                : realBytes(name),
          },
        ]),
      ),
    };
    const huge = await pull("huge-picture");
    expect(huge.error).toMatch(/is larger than \d+ bytes/);
    expect(readdirSync(huge.into)).toEqual([]);

    answers = {
      content: published({ ...repositoryVersion(), padding: "x".repeat(3 * 1024 * 1024) }),
      pictures: {},
    };
    const hugeDocument = await pull("huge-document");
    expect(hugeDocument.error).toMatch(/content of .* is larger than \d+ bytes/);
    expect(readdirSync(hugeDocument.into)).toEqual([]);
  });
});
