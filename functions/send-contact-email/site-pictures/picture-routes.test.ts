/**
 * The Pictures page through the router, with a stand-in for the host's processPicture: a good
 * upload is stored and published with its slot set; each kind of bad upload is refused beside its
 * field with nothing stored, nothing published and the processing never asked.
 */

import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { routed } from "../../../tests/support/routed.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { silentLogger } from "../base/log.ts";
import type { SiteStatus } from "../base/site-publishing.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { createRateLimiter } from "../http/rate-limiter.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import { PictureRefusal, type ProcessPicture, pictureId } from "./picture-processing.ts";
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
/** What this server shows, as the publish reads it after checkNow. */
let serving: number | null;
let building: number | null;
let failed: SiteStatus["failed"];
const status = (): SiteStatus => ({ serving, building, failed });

function serve(deps: Partial<PictureRouteDeps> = {}) {
  const all: PictureRouteDeps = {
    store,
    processPicture,
    publishing: { checkNow, status },
    limiter: createUploadLimiter(),
    deployHookUrl: null,
    publishLimit: createRateLimiter({ max: 10, windowMs: 600_000, maxClients: 1 }),
    siteAddress: "https://cleaning.example",
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

/** An upload stored for a preview: its picture's id. */
async function storedPreview(): Promise<string> {
  const response = await upload({ alt: "Crew", file: fakeJpeg() });
  return /picture=([0-9a-f]{32})/.exec(response.headers.get("location") ?? "")?.[1] ?? "";
}

/** "Publish this photo" on the preview of `id`. */
function publishFromPreview(id: string, alt: string) {
  const form = new FormData();
  form.set("slot", "home-hero");
  form.set("picture", id);
  form.set("alt", alt);
  form.set("action", "publish");
  return serve()(
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
  serving = null;
  building = null;
  failed = null;
  // As the Node host: once checkNow resolves, this server shows the newest version.
  checkNow = vi.fn(async () => {
    if (building === null && failed === null) serving = (await store.liveContentVersion()) ?? null;
  });
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
    expect(html).toContain(
      "JPEG, PNG or WebP, up to 10 MB. You see it in its place before it goes live.",
    );
    expect(html.match(/Now: the illustration\./g)).toHaveLength(13);
    // Each slot's form folded under its heading: the page is a list of places first.
    expect(html.match(/<details><summary>Put a photo here<\/summary><form /g)).toHaveLength(13);
    expect(html).not.toContain("Use the illustration again");
  });

  it("stores a good upload and shows it on its page, publishing nothing until Publish this photo", async () => {
    const preview = vi.fn(
      async (document: SiteContent, path: string) =>
        `<!doctype html><html><head><title>Home</title></head><body><h1>${path}</h1><dialog><img src="/x.svg"></dialog><form method="post" action="/functions/v1/send-contact-email"><button>Send</button></form><picture><img src="/functions/v1/send-contact-email/pictures/${document.pictures["home-hero"]?.picture}-800.jpg" alt="${document.pictures["home-hero"]?.alt}"></picture></body></html>`,
    );
    const response = await upload(
      { alt: "  Our crew in a sunny kitchen ", file: fakeJpeg() },
      { publishing: { checkNow, status, preview } },
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(
      /^pictures\?token=[^&]+&preview=home-hero&picture=[0-9a-f]{32}&alt=Our\+crew\+in\+a\+sunny\+kitchen$/,
    );
    expect(processPicture).toHaveBeenCalledOnce();
    // Stored, not published: nothing live, nothing asked of the host.
    expect(await store.liveContent()).toBeNull();
    expect(checkNow).not.toHaveBeenCalled();
    const id = /picture=([0-9a-f]{32})/.exec(location)?.[1] ?? "";
    const file = await serve()(new Request(`${base}/pictures/${id}-800.webp`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await file.text()).toBe("800.webp pixels");
    expect((await serve()(new Request(`${base}/pictures/${id}-1200.jpg`))).status).toBe(404);

    // The preview: the home page made with the photo in place, a bar to publish or cancel.
    const shown = await serve({ publishing: { checkNow, status, preview } })(
      new Request(`${base}/site/${location}`),
    );
    expect(shown.status).toBe(200);
    expect(preview).toHaveBeenCalledWith(
      expect.objectContaining({
        pictures: {
          "home-hero": {
            picture: id,
            alt: "Our crew in a sunny kitchen",
            width: 1000,
            height: 750,
          },
        },
      }),
      "/",
    );
    expect(shown.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(shown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await shown.text();
    expect(html).toContain("Preview, not published: your photo on the Home page, top.");
    expect(html).toMatch(/<body><div role="region" aria-label="Preview"/);
    expect(html).toContain(
      `<img id="your-photo" src="/functions/v1/send-contact-email/pictures/${id}-800.jpg"`,
    );
    expect(html).toContain('<dialog><img src="/x.svg">'); // Only the photo's own dialog opens.
    // The page's own quote form sends nothing from a preview; the bar's form is the only way out.
    expect(html).toContain('<form method="dialog"><button>Send</button></form>');
    expect(html.match(/<form\b[^>]*\baction=/g)).toHaveLength(1);
    expect(html).toContain(`action="/functions/v1/send-contact-email/site/pictures?token=`);
    expect(html).toContain('<button type="submit" name="action" value="publish"');
    expect(html).toContain(`<input type="hidden" name="picture" value="${id}">`);
    expect(html).toContain('<input type="hidden" name="alt" value="Our crew in a sunny kitchen">');
    expect(html).toMatch(
      /href="\/functions\/v1\/send-contact-email\/site\/pictures\?token=[^"]+&amp;cancelled=home-hero#home-hero"[^>]*>Cancel<\/a>/,
    );
    expect(await store.liveContent()).toBeNull();

    // Publish this photo: published, and said once the site shows it.
    const published = await publishFromPreview(id, "Our crew in a sunny kitchen");
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toBe(
      `pictures?token=${encodeURIComponent(token)}&saved=home-hero&done=live&version=1#home-hero`,
    );
    expect(checkNow).toHaveBeenCalledOnce();
    const live = await store.liveContent();
    expect(live?.changes).toEqual(["Home page, top photo: replaced"]);
    expect((live?.document as SiteContent | undefined)?.pictures["home-hero"]).toEqual({
      picture: id,
      alt: "Our crew in a sunny kitchen",
      width: 1000,
      height: 750,
    });

    const after = await (await page("&saved=home-hero&done=live&version=1")).text();
    expect(after).toContain("Published. Your site shows your photo on the Home page, top now.");
    // The way to the page that shows it.
    expect(after).toContain(
      '<a href="https://cleaning.example/" rel="noreferrer">View your site</a>',
    );
    expect(after).toContain(`src="../pictures/${id}-480.jpg"`);
    expect(after).toContain('alt="Home page, top now: Our crew in a sunny kitchen"');
    expect(after).toContain("Use the illustration again");
  });

  it("says what is true after Publish: still being made, not live and why, then live on a reload", async () => {
    const id = await storedPreview();
    building = 1;
    const working = await publishFromPreview(id, "Crew");
    const location = working.headers.get("location") ?? "";
    expect(location).toContain("&done=working&version=1");
    const query = `&${location.slice(location.indexOf("&") + 1, location.indexOf("#"))}`;
    expect(await (await page(query)).text()).toContain(
      "Your site&#x27;s pages are still being made with it, so visitors do not see it yet.",
    );
    // Once this server shows it, the same page says so.
    building = null;
    serving = 1;
    expect(await (await page(query)).text()).toContain(
      "Published. Your site shows your photo on the Home page, top now.",
    );
    serving = null;
    failed = { version: 1, reason: "The home page could not be made.", at: now.toISOString() };
    const html = await (await page(query)).text();
    expect(html).toContain(
      'class="problem" role="alert">Not live: The home page could not be made.',
    );
    expect(html).not.toContain("Published.");
  });

  it("Cancel publishes nothing and says what the site still shows", async () => {
    const id = await storedPreview();
    const html = await (await page("&cancelled=home-hero")).text();
    expect(html).toContain(
      "Nothing was published. The Home page, top still shows the illustration.",
    );
    expect(await store.liveContent()).toBeNull();
    expect(await store.storedPicture(id)).not.toBeNull(); // Kept until the purge.
  });

  it("without pages made on request, previews the photo alone with the same two buttons", async () => {
    const id = await storedPreview();
    const response = await page(`&preview=home-hero&picture=${id}&alt=Crew`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/img-src 'self'$/);
    const html = await response.text();
    expect(html).toContain("Preview, not published: your photo on the Home page, top.");
    expect(html).toContain(`src="../pictures/${id}-480.jpg"`);
    expect(html).toContain("Publish this photo");
    expect(html).toContain(">Cancel</a>");
    // A picture that is not stored has no preview.
    const gone = await page(`&preview=home-hero&picture=${"0".repeat(32)}&alt=Crew`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("That preview is no longer available.");
  });

  it("changes the words alone, then puts the illustration back, each a version of its own", async () => {
    await publishFromPreview(await storedPreview(), "Our crew");
    expect((await upload({ alt: "Our crew at work" })).status).toBe(303);
    expect((await upload({ action: "illustration" })).status).toBe(303);
    const history = await store.contentHistory(10);
    expect(history.map((version) => version.changes)).toEqual([
      ["Home page, top photo: the illustration again"],
      ["Home page, top photo: description changed"],
      ["Home page, top photo: replaced"],
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
      // The slot the problem is about is open; the others stay folded.
      if (status === 400) expect(html.match(/<details open="">/g)).toHaveLength(1);
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

  it("refuses a photo over 20,000 pixels a side beside its field, before a file is stored", async () => {
    processPicture.mockRejectedValueOnce(new PictureRefusal("That photo is too wide, in words."));
    const refused = await upload({ alt: "Crew", file: fakeJpeg() });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/id="file-home-hero-problem">That photo is too wide/);

    // A host that made it anyway: the route holds it to the same side before storing anything.
    processPicture.mockImplementationOnce(async (bytes) => ({
      ...(await fakeProcess(bytes)),
      width: 20_001,
    }));
    const made = await upload({ alt: "Crew", file: fakeJpeg() });
    expect(made.status).toBe(400);
    expect(await made.text()).toContain("20,001 × 750 pixels");
    const id = await pictureId(await fakeProcess(new Uint8Array()));
    expect(await store.pictureFile(`${id}-480.jpg`)).toBeNull();
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
