/**
 * The Pictures page through the router, with a stand-in for the host's processPicture: a good
 * upload is stored and published with its slot set; each kind of bad upload is refused beside its
 * field with nothing stored, nothing published and the processing never asked.
 */

import { beforeEach, describe, expect, it, vi } from "vitest";
import { routed } from "../../../tests/support/routed.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { silentLogger } from "../base/log.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { createRateLimiter } from "../http/rate-limiter.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import type { ProcessPicture } from "./picture-processing.ts";
import {
  createUploadLimiter,
  handlePictureFile,
  handlePicturesPage,
  maxUploadBodyBytes,
  type PictureRouteDeps,
  sitePicturesLink,
} from "./picture-routes.ts";

const now = new Date("2026-11-27T10:00:00Z");
const links = createLinkSigners(parseLinkSettings({}, "an-owner-secret-of-enough-length-0123"));
const base = "https://fn.example/functions/v1/send-contact-email";

const jpegStart = [0xff, 0xd8, 0xff, 0xe0];
const fakeJpeg = (size = 2000) => {
  const bytes = new Uint8Array(size).fill(9);
  bytes.set(jpegStart);
  return bytes;
};

/** What sharp would give for a 1000 x 750 picture, each file's bytes its own name. */
const fakeProcess: ProcessPicture = async () => ({
  width: 1000,
  height: 750,
  files: [480, 800].flatMap((width) =>
    (
      [
        ["avif", "image/avif"],
        ["webp", "image/webp"],
        ["jpg", "image/jpeg"],
      ] as const
    ).map(([ext, type]) => ({
      name: `${width}.${ext}`,
      type,
      bytes: new TextEncoder().encode(`${width}.${ext} pixels`),
    })),
  ),
});

let store: SqliteStore;
let token: string;
let processPicture: ReturnType<typeof vi.fn<ProcessPicture>>;
let checkNow: ReturnType<typeof vi.fn<() => Promise<void>>>;

function serve(deps: Partial<PictureRouteDeps> = {}) {
  const all: PictureRouteDeps = {
    store,
    processPicture,
    publishing: { checkNow, status: () => ({ serving: null, building: null, failed: null }) },
    limiter: createUploadLimiter(),
    deployHookUrl: null,
    publishLimit: createRateLimiter({ max: 10, windowMs: 600_000, maxClients: 1 }),
    log: silentLogger,
    ...deps,
  };
  return routed(
    [
      {
        method: "GET HEAD POST",
        path: "/site/pictures",
        answers: "page",
        link: sitePicturesLink,
        handle: (request, { grant }) => handlePicturesPage(request, grant, all),
      },
      {
        method: "GET HEAD",
        path: "/pictures/:file",
        answers: "file",
        handle: (_request, { params }) => handlePictureFile(params.file ?? "", store),
      },
    ],
    links,
    () => now,
  );
}

function upload(
  fields: { slot?: string; alt?: string; action?: string; file?: Uint8Array; name?: string },
  deps: Partial<PictureRouteDeps> = {},
) {
  const form = new FormData();
  form.set("slot", fields.slot ?? "home-hero");
  form.set("action", fields.action ?? "upload");
  if (fields.alt !== undefined) form.set("alt", fields.alt);
  if (fields.file)
    form.set(
      "file",
      new File([fields.file as Uint8Array<ArrayBuffer>], fields.name ?? "photo.jpg", {
        type: "image/jpeg",
      }),
    );
  return serve(deps)(
    new Request(`${base}/site/pictures?token=${encodeURIComponent(token)}`, {
      method: "POST",
      body: form,
    }),
  );
}

const page = (query = "") =>
  serve()(new Request(`${base}/site/pictures?token=${encodeURIComponent(token)}${query}`));

beforeEach(async () => {
  store = testStore();
  token = await links.site.sign("site", now);
  processPicture = vi.fn<ProcessPicture>(fakeProcess);
  checkNow = vi.fn(async () => {});
  return () => store.close();
});

describe("the Pictures page", () => {
  it("opens with the editor's site link only, as a private page with a form per slot", async () => {
    const inboxToken = await links.inbox.sign("site", now);
    for (const bad of ["", `?token=${inboxToken}`])
      expect((await serve()(new Request(`${base}/site/pictures${bad}`))).status).toBe(403);

    const response = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(
      /default-src 'none';.*img-src 'self'$/,
    );
    const html = await response.text();
    expect(html.match(/enctype="multipart\/form-data"/gi)).toHaveLength(13);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(html).toContain('<label for="file-home-hero">Photo</label>');
    expect(html).toContain('<label for="alt-home-hero">What the picture shows</label>');
    expect(html).toContain("JPEG, PNG or WebP, up to 10 MB.");
    expect(html.match(/Now: the illustration\./g)).toHaveLength(13);
    expect(html).not.toContain("Use the illustration again");
  });

  it("stores a good upload, publishes it with the slot set, asks for it to go live, and serves its files", async () => {
    const response = await upload({ alt: "  Our crew in a sunny kitchen ", file: fakeJpeg() });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `pictures?token=${encodeURIComponent(token)}&saved=home-hero#home-hero`,
    );
    expect(processPicture).toHaveBeenCalledOnce();
    expect(checkNow).toHaveBeenCalledOnce();

    const live = await store.liveContent();
    expect(live?.changes).toEqual(["Home hero picture: replaced"]);
    const document = live?.document as { pictures: Record<string, { picture: string }> };
    const picture = document.pictures["home-hero"];
    expect(picture).toEqual({
      picture: expect.stringMatching(/^[0-9a-f]{32}$/),
      alt: "Our crew in a sunny kitchen",
      width: 1000,
      height: 750,
    });
    const id = picture?.picture;

    const file = await serve()(new Request(`${base}/pictures/${id}-800.webp`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await file.text()).toBe("800.webp pixels");
    expect((await serve()(new Request(`${base}/pictures/${id}-1200.jpg`))).status).toBe(404);

    const after = await (await page("&saved=home-hero")).text();
    expect(after).toContain("Home hero: saved and published.");
    expect(after).toContain(`src="../pictures/${id}-480.jpg"`);
    expect(after).toContain('alt="Home hero now: Our crew in a sunny kitchen"');
    expect(after).toContain("Use the illustration again");
  });

  it("changes the words alone, then puts the illustration back, each a version of its own", async () => {
    await upload({ alt: "Our crew", file: fakeJpeg() });
    expect((await upload({ alt: "Our crew at work" })).status).toBe(303);
    expect((await upload({ action: "illustration" })).status).toBe(303);
    const history = await store.contentHistory(10);
    expect(history.map((version) => version.changes)).toEqual([
      ["Home hero picture: the illustration again"],
      ["Home hero picture: description changed"],
      ["Home hero picture: replaced"],
    ]);
    expect((await store.liveContent())?.document).toMatchObject({ pictures: {} });
    expect(processPicture).toHaveBeenCalledOnce();
  });

  it.each([
    [
      "no words for people who cannot see it",
      { alt: "  ", file: fakeJpeg() },
      400,
      'id="alt-home-hero-problem"',
      "for people who cannot see it",
    ],
    [
      "a text file named like a photo",
      { alt: "Crew", file: new TextEncoder().encode("not a photo at all"), name: "crew.jpg" },
      400,
      'id="file-home-hero-problem"',
      "That file is not a photo.",
    ],
    ["no file at all", { alt: "Crew" }, 400, 'id="file-home-hero-problem"', "Choose a photo"],
    [
      "a photo over 10 MB",
      { alt: "Crew", file: fakeJpeg(10 * 1024 * 1024 + 1) },
      400,
      'id="file-home-hero-problem"',
      "larger than 10 MB",
    ],
    [
      "a whole post over the limit (11 MB)",
      { alt: "Crew", file: fakeJpeg(11 * 1024 * 1024) },
      413,
      'class="problem"',
      "larger than 10 MB",
    ],
  ])(
    "refuses %s beside its field, storing and publishing nothing",
    async (_, fields, status, where, words) => {
      const response = await upload(fields);
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(html).toContain(where);
      expect(html).toContain(words);
      expect(processPicture).not.toHaveBeenCalled();
      expect(checkNow).not.toHaveBeenCalled();
      expect(await store.liveContent()).toBeNull();
      if (fields.alt === "Crew" && status === 400) expect(html).toContain('value="Crew"');
    },
  );

  it("refuses a body over the limit while reading it, whatever Content-Length says", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 50 * 1024 * 1024) controller.close();
      },
    });
    const response = await serve()(
      new Request(`${base}/site/pictures?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(maxUploadBodyBytes + 2 * chunk.byteLength);
    expect(await store.liveContent()).toBeNull();
  });

  it("refuses what the host cannot decode, and says where photos go on a host without processing", async () => {
    processPicture.mockRejectedValueOnce(new Error("VipsJpeg: premature end of data"));
    const broken = await upload({ alt: "Crew", file: fakeJpeg() });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("could not be read as a photo");

    const supabase = await upload({ alt: "Crew", file: fakeJpeg() }, { processPicture: undefined });
    expect(supabase.status).toBe(400);
    const html = await supabase.text();
    expect(html).toContain("Photos are uploaded on the site&#x27;s own server (npm start)");
    expect(html).toContain("disabled");
    expect(await store.liveContent()).toBeNull();
    expect(checkNow).not.toHaveBeenCalled();
  });
});
