/**
 * An owner's photo through the real Node server: the upload's larger body let through on its one
 * route, sharp's processing, the store, the new content version, and the public file with no
 * location left in it; an 11 MB post read to its end and refused, a larger one cut off.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { createFakeSite } from "./support/fake-site.ts";
import { type HostProcess, startNodeServer } from "./support/processes.ts";

const secret = "a-pictures-test-owner-secret-0123456789abcdef";
let folder = "";
let server: HostProcess;
let pagesUrl = "";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "pictures-upload-"));
  server = await startNodeServer(
    {
      STATIC_DIR: await createFakeSite(folder),
      DATA_DIR: join(folder, "data"),
      CONTACT_PUBLIC_KEY: "sb_publishable_pictures-test-key",
      OWNER_LINK_SECRET: secret,
    },
    folder,
  );
  const token = await createLinkSigners(parseLinkSettings({}, secret)).site.sign(
    "site",
    new Date(),
  );
  pagesUrl = `${server.url}/functions/v1/send-contact-email/site/pictures?token=${encodeURIComponent(token)}`;
});

afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function post(file: Blob, alt = "Our crew at work") {
  const form = new FormData();
  form.set("slot", "home-hero");
  form.set("action", "upload");
  form.set("alt", alt);
  form.set("file", file, "IMG_0042.jpg");
  return fetch(pagesUrl, { method: "POST", body: form, redirect: "manual" });
}

/**
 * An upload's head on a connection of its own, as a browser starts one: the body is the caller's
 * to send; everything the server answers on the connection is collected. `from` is the loopback
 * address it comes from (127.0.0.2 and so on: another client), `link: false` a forged token.
 */
async function rawUpload(
  contentLength: number,
  { from, link = true }: { from?: string; link?: boolean } = {},
) {
  const url = new URL(pagesUrl);
  const socket = connect({ port: Number(url.port), host: url.hostname, localAddress: from });
  await once(socket, "connect");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (text: string) => {
    received += text;
  });
  socket.on("error", () => {}); // A cut connection fails the write that meets it.
  const write = (data: string | Uint8Array) =>
    new Promise<void>((resolve, reject) =>
      socket.write(data, (error) => (error ? reject(error) : resolve())),
    );
  const target = `${url.pathname}${link ? url.search : "?token=not-the-owners"}`;
  await write(
    `POST ${target} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${contentLength}\r\n\r\n`,
  );
  return { socket, write, target, host: url.host, received: () => received };
}

/** A whole small upload from `from`: the status the server answers it with. */
async function smallUpload(from: string): Promise<number> {
  const body = '--x\r\nContent-Disposition: form-data; name="slot"\r\n\r\nhome-hero\r\n--x--\r\n';
  const connection = await rawUpload(body.length, { from });
  await connection.write(body);
  await vi.waitFor(() => expect(connection.received()).toMatch(/^HTTP\/1\.1 \d{3}/), {
    timeout: 30_000,
  });
  connection.socket.destroy();
  return Number(connection.received().slice(9, 12));
}

describe("an owner's photo on npm start", () => {
  it("is made, stored, published and served with its location gone", async () => {
    const photo = await sharp({
      create: { width: 1400, height: 1000, channels: 3, background: "#0e7490" },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneCo" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 5/1 30/1" },
      })
      .toBuffer();
    const uploaded = await post(new Blob([new Uint8Array(photo)], { type: "image/jpeg" }));
    expect(uploaded.status, server.output()).toBe(303);
    // Stored for a preview: the preview shows it, with the button that publishes it.
    const previewAt = uploaded.headers.get("location") ?? "";
    expect(previewAt).toContain("preview=home-hero");
    const preview = await fetch(new URL(previewAt, pagesUrl));
    expect(preview.status, server.output()).toBe(200);
    expect(await preview.text()).toContain("Publish this photo");
    const previewed = /picture=([0-9a-f]{32})/.exec(previewAt)?.[1] ?? "";

    const form = new FormData();
    form.set("slot", "home-hero");
    form.set("picture", previewed);
    form.set("alt", "Our crew at work");
    form.set("action", "publish");
    const published = await fetch(pagesUrl, { method: "POST", body: form, redirect: "manual" });
    expect(published.status, server.output()).toBe(303);
    const page = await (
      await fetch(new URL(published.headers.get("location") ?? "", pagesUrl))
    ).text();
    // This fake site has no pages to make: the page says so instead of "published".
    expect(page).toContain("Not live: the site could not be made");
    expect(page).not.toContain("Published.");
    const src = /src="\.\.\/pictures\/([0-9a-f]{32})-480\.jpg"/.exec(page);
    expect(src).not.toBeNull();
    const id = src?.[1];
    expect(id).toBe(previewed);

    for (const [name, type] of [
      [`${id}-1200.avif`, "image/avif"],
      [`${id}-800.webp`, "image/webp"],
      [`${id}-480.jpg`, "image/jpeg"],
    ]) {
      const file = await fetch(`${server.url}/functions/v1/send-contact-email/pictures/${name}`);
      expect(file.status, name).toBe(200);
      expect(file.headers.get("content-type"), name).toBe(type);
      expect(file.headers.get("cache-control"), name).toContain("immutable");
      const bytes = Buffer.from(await file.arrayBuffer());
      expect((await sharp(bytes).metadata()).exif, name).toBeUndefined();
      expect(bytes.includes("PhoneCo"), name).toBe(false);
    }
  });

  it("refuses a photo wider than 20,000 pixels beside its field, storing and publishing nothing", async () => {
    const strip = await sharp({
      create: { width: 20_001, height: 20, channels: 3, background: "#0e7490" },
    })
      .png()
      .toBuffer();
    const before = await (await fetch(pagesUrl)).text();
    const refused = await post(new Blob([new Uint8Array(strip)], { type: "image/png" }));
    expect(refused.status, server.output()).toBe(400);
    const html = await refused.text();
    expect(html).toContain('id="file-home-hero-problem"');
    expect(html).toContain("20,001 × 20 pixels; the site takes up to 20,000 pixels on each side");
    // What the page shows is what it showed before: nothing published.
    const shown = (page: string) => /id="home-hero"[\s\S]*?<form/.exec(page)?.[0];
    expect(shown(await (await fetch(pagesUrl)).text())).toBe(shown(before));
  });

  it("reads a too-large photo to its end before refusing it, as a browser needs to see the answer", async () => {
    // A browser reads the answer only once its upload is sent: the connection must take the
    // whole 11 MB and stay open, then answer the next request on it.
    const bytes = 11 * 1024 * 1024;
    const connection = await rawUpload(bytes);
    const chunk = new Uint8Array(256 * 1024);
    for (let sent = 0; sent < bytes; sent += chunk.byteLength) await connection.write(chunk);
    await connection.write(`GET ${connection.target} HTTP/1.1\r\nHost: ${connection.host}\r\n\r\n`);
    await vi.waitFor(() => expect(connection.received()).toMatch(/HTTP\/1\.1 200[\s\S]*<\/html>/), {
      timeout: 30_000,
    });
    connection.socket.destroy();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(connection.received()).toContain("larger than 10 MB");
    expect(connection.received().split("\r\n\r\n")[0]).not.toMatch(/^connection: close$/im);
  });

  it("closes the connection under a post that says it is larger than any photo", async () => {
    const connection = await rawUpload(65 * 1024 * 1024);
    await once(connection.socket, "close");
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(connection.received().split("\r\n\r\n")[0]).toMatch(/^connection: close$/im);
  });

  it("holds no body of an upload whose link does not open the editor: the owner's still goes", async () => {
    // Two strangers' uploads that never finish, a byte at a time: refused from their link alone.
    const strangers = [
      await rawUpload(5 * 1024 * 1024, { link: false, from: "127.0.0.2" }),
      await rawUpload(5 * 1024 * 1024, { link: false, from: "127.0.0.3" }),
    ];
    for (const connection of strangers) await connection.write(new Uint8Array(64 * 1024));
    for (const connection of strangers)
      await vi.waitFor(() => expect(connection.received()).toMatch(/^HTTP\/1\.1 403 /), {
        timeout: 30_000,
      });
    const owners = await post(new Blob([new Uint8Array(1024)], { type: "image/jpeg" }));
    expect(owners.status).toBe(400); // Read, and refused for what it is: not a picture.
    for (const connection of strangers) connection.socket.destroy();
  });

  it("reads one upload per client address and two in all; a busy answer is a page in words", async () => {
    const first = await rawUpload(5 * 1024 * 1024, { from: "127.0.0.4" });
    await first.write(new Uint8Array(64 * 1024));
    // The same address again waits its turn; another address is read.
    await vi.waitFor(async () => expect(await smallUpload("127.0.0.4")).toBe(429), {
      timeout: 30_000,
    });
    expect(await smallUpload("127.0.0.5")).toBe(400);
    const second = await rawUpload(5 * 1024 * 1024, { from: "127.0.0.6" });
    await second.write(new Uint8Array(64 * 1024));
    const third = () => post(new Blob([new Uint8Array(1024)], { type: "image/jpeg" }));
    await vi.waitFor(
      async () => {
        const refused = await third();
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toBe("60");
        expect(refused.headers.get("content-type")).toContain("text/html");
        expect(await refused.text()).toContain("Another upload is being received");
      },
      { timeout: 30_000 },
    );
    for (const connection of [first, second]) connection.socket.destroy();
    // Once they are gone, an upload is read again (and refused for what it is: not a picture).
    await vi.waitFor(async () => expect((await third()).status).not.toBe(429), {
      timeout: 30_000,
    });
  });

  it("refuses an 11 MB post with the limit in words, and the page still works after", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const refused = await post(new Blob([big], { type: "image/jpeg" }));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("larger than 10 MB");
    expect((await fetch(pagesUrl)).status).toBe(200);
  });
});
