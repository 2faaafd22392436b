/**
 * The owner's pictures: the Pictures page behind the editor's `site` link (GET and POST
 * …/site/pictures?token=) and the public files (GET …/pictures/<id>-<width>.<ext>).
 *
 * An upload is checked in this order, and nothing is stored unless all pass: the body's size
 * (read with a cap, whatever Content-Length says), the words for people who cannot see it, the
 * file's first bytes, then the host's processPicture, which reads its size from the header and
 * decodes it for real. Then the picture is stored (once, by its id) and the owner sees it in its
 * place on the page it belongs to (picture-preview.ts), with nothing published: "Publish this
 * photo" publishes a new content version with the slot set (the change told in the owner's
 * words) and waits for the site to show it, and the page says what is true then (shows it now,
 * still being made, not live and why); "Cancel" publishes nothing.
 */

import {
  maxPictureBytes,
  type PictureSlot,
  pictureFileShape,
  pictureIdShape,
  pictureSlots,
} from "../../../shared/content/picture-files.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { errorMessage, type Logger } from "../base/log.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { NewLinkForm, newLinkAction } from "../http/new-link-offer.ts";
import { pageResponse, refusalPage } from "../http/private-page.ts";
import { createRateLimiter, type RateLimiter } from "../http/rate-limiter.ts";
import { readBoundedBytes } from "../http/request-body.ts";
import {
  type PublishDeps,
  type PublishResult,
  publishVersion,
  tryAgainWords,
} from "../site/publish-version.ts";
import { liveDocument } from "../site-editor/live-document.ts";
import type { ContentStore } from "../store/content-store.ts";
import type { PictureStore } from "../store/picture-store.ts";
import { h } from "../views/react.ts";
import { doneFrom } from "./picture-outcome.ts";
import {
  type PhotoPreview,
  photoOnlyHeaders,
  previewPath,
  renderPhotoOnly,
  sitePreviewHeaders,
  withPreviewBar,
} from "./picture-preview.ts";
import {
  checkProcessed,
  PictureRefusal,
  type ProcessPicture,
  pictureId,
  sizeProblem,
  sniffPicture,
} from "./picture-processing.ts";
import { type PictureProblems, picturesResponse, uploadLimitWords } from "./pictures-page.ts";

/** The subject of the editor's `site` links: one editor, one subject. */
export const siteLinkSubject = "site";

export const sitePicturesLink: LinkRule = {
  accepts: () => [{ scope: "site", subject: siteLinkSubject }],
  refused: (request) =>
    pageResponse(
      403,
      refusalPage(
        "This link does not open the editor",
        "It may have been changed, have expired (a link to the editor lasts a day) or have been replaced. Tap below and a new one goes to the business's e-mail, or open the editor again from your inbox.",
        h(NewLinkForm, { action: newLinkAction(request, "site"), kind: "site" }),
      ),
    ),
};

/** The file and the form around it: boundaries, the slot, the words. */
export const maxUploadBodyBytes = maxPictureBytes + 64 * 1024;

/**
 * The body a host should let through to the function for this request: more than the usual
 * 16 KiB only for an upload of a picture (server/contact-service.ts asks).
 */
export function uploadBodyLimit(method: string, pathname: string): number | null {
  return method === "POST" && /\/send-contact-email\/site\/pictures$/.test(pathname)
    ? maxUploadBodyBytes
    : null;
}

export type PictureRouteDeps = PublishDeps & {
  store: ContentStore & PictureStore;
  /** The Node host's; absent on Supabase, where the page says where pictures are uploaded. */
  processPicture?: ProcessPicture;
  /** Processing a photo takes seconds of the server's time: a few a minute is plenty. */
  limiter: RateLimiter;
  /** The editor's previews' limit, which a photo's preview counts in too; absent: none. */
  previewLimit?: RateLimiter;
  log: Logger;
};

/** A limiter for uploads: one owner, so one key. */
export function createUploadLimiter(): RateLimiter {
  return createRateLimiter({ max: 20, windowMs: 10 * 60_000, maxClients: 1 });
}

const isSlot = (value: unknown): value is PictureSlot =>
  typeof value === "string" && (pictureSlots as readonly string[]).includes(value);

/** GET and POST …/site/pictures, with `sitePicturesLink` (routes.ts). */
export async function handlePicturesPage(
  request: Request,
  grant: LinkGrant,
  deps: PictureRouteDeps,
): Promise<Response> {
  const token = grant.token;
  const canUpload = deps.processPicture !== undefined;
  const url = new URL(request.url);
  if (request.method !== "POST") {
    const previewed = url.searchParams.get("preview");
    if (isSlot(previewed)) return previewPage(url, previewed, token, deps);
    return picturesResponse(200, {
      token,
      pictures: (await liveDocument(deps.store)).pictures,
      canUpload,
      done: doneFrom(url.searchParams, deps.publishing?.status() ?? null),
    });
  }

  const page = async (status: number, more: { problems?: PictureProblems; problem?: string }) =>
    picturesResponse(status, {
      token,
      pictures: (await liveDocument(deps.store)).pictures,
      canUpload,
      ...more,
    });

  const answered = async (
    result: PublishResult,
    what: "saved" | "cleared",
    slot: PictureSlot,
  ): Promise<Response> => {
    if (result.kind !== "limited") return afterPublish(token, what, slot, result);
    const response = await page(429, { problem: tryAgainWords(result.retryAfterSeconds) });
    response.headers.set("Retry-After", String(result.retryAfterSeconds));
    return response;
  };

  const body = await readBoundedBytes(request, maxUploadBodyBytes);
  if (body === "too-large")
    return page(413, {
      problem: `That photo is larger than ${uploadLimitWords}. Choose a smaller one, or send it from the phone's photo app, which makes it smaller.`,
    });
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
      body,
    }).formData();
  } catch {
    return page(400, { problem: "The form could not be read. Please try again." });
  }
  const slot = form.get("slot");
  if (!isSlot(slot)) return page(400, { problem: "The form could not be read. Please try again." });

  const before = await liveDocument(deps.store);
  const action = form.get("action");
  if (action === "illustration") {
    if (!before.pictures[slot]) return seeOther(token, { cleared: slot, done: "same" }, slot);
    const after = structuredClone(before);
    delete after.pictures[slot];
    return answered(await publish(before, after, deps), "cleared", slot);
  }

  const typedAlt = String(form.get("alt") ?? "");
  const current = before.pictures[slot];
  const refuse = (problems: Omit<PictureProblems, "slot" | "typedAlt">) =>
    page(400, { problems: { slot, typedAlt, ...problems } });
  const altMessage = altProblem(before, slot, typedAlt);

  if (action === "publish") {
    // "Publish this photo" on a preview: the stored photo the preview showed, as it showed it.
    const id = String(form.get("picture") ?? "");
    const stored = pictureIdShape.test(id) ? await deps.store.storedPicture(id) : null;
    if (!stored)
      return refuse({ file: "That photo is no longer kept. Choose it again to upload it." });
    if (altMessage) return refuse({ alt: altMessage });
    const after = structuredClone(before);
    after.pictures[slot] = {
      picture: stored.id,
      alt: typedAlt.trim(),
      width: stored.width,
      height: stored.height,
    };
    return answered(await publish(before, after, deps), "saved", slot);
  }

  const limited = await deps.limiter.consume("pictures");
  if (!limited.allowed)
    return page(429, {
      problem: `That is many uploads in a short time. Please try again in ${Math.ceil(limited.retryAfterSeconds / 60)} minutes.`,
    });

  const file = form.get("file");
  const chosen = file instanceof File && file.size > 0 ? file : null;
  if (!chosen) {
    // The words alone, for the photo that is there: nothing new to look at, so no preview.
    if (!current) return refuse({ file: "Choose a photo to upload.", alt: altMessage });
    if (altMessage) return refuse({ alt: altMessage });
    const after = structuredClone(before);
    after.pictures[slot] = { ...current, alt: typedAlt.trim() };
    return answered(await publish(before, after, deps), "saved", slot);
  }

  let fileProblem: string | undefined;
  const bytes = new Uint8Array(await chosen.arrayBuffer());
  if (!deps.processPicture)
    fileProblem =
      "Photos are uploaded on the site's own server (npm start): this one cannot resize them.";
  else if (bytes.byteLength > maxPictureBytes)
    fileProblem = `That photo is larger than ${uploadLimitWords}. Choose a smaller one.`;
  else if (!sniffPicture(bytes))
    fileProblem = "That file is not a photo. Choose a JPEG, PNG or WebP picture.";
  if (fileProblem || altMessage) return refuse({ file: fileProblem, alt: altMessage });

  let processed: Awaited<ReturnType<ProcessPicture>>;
  try {
    processed = await (deps.processPicture as ProcessPicture)(bytes);
  } catch (error) {
    if (error instanceof PictureRefusal) return refuse({ file: error.ownerWords });
    deps.log.warn("a picture upload could not be read", { slot, error: errorMessage(error) });
    return refuse({
      file: "That file could not be read as a photo. Choose a JPEG, PNG or WebP picture.",
    });
  }
  // A host that made it anyway: refused before a file is stored (the schema would refuse it after).
  const tooLarge = sizeProblem(processed);
  if (tooLarge) return refuse({ file: tooLarge });
  const wrong = checkProcessed(processed);
  if (wrong) throw new Error(`processPicture: ${wrong}`);

  // Stored now, published only from the preview: a stored file is named by its content, so no
  // one finds it before a published version names it, and the purge removes it if none ever does.
  const id = await pictureId(processed);
  const saved = await deps.store.savePicture({
    id,
    width: processed.width,
    height: processed.height,
    files: processed.files.map((file) => ({ ...file, name: `${id}-${file.name}` })),
  });
  deps.log.info("picture stored for a preview", { slot, picture: id, new: saved.stored });
  const query = new URLSearchParams({ token, preview: slot, picture: id, alt: typedAlt.trim() });
  return new Response(null, {
    status: 303,
    headers: { Location: `pictures?${query}`, "Cache-Control": "no-store" },
  });
}

/** The schema's words for what the owner typed as the photo's description, if it refuses it. */
function altProblem(before: SiteContent, slot: PictureSlot, typedAlt: string): string | undefined {
  const checked = checkSiteContent({
    ...before,
    pictures: { [slot]: { picture: "0".repeat(32), width: 1, height: 1, alt: typedAlt } },
  });
  return checked.ok
    ? undefined
    : checked.problems.find((problem) => problem.path === `pictures.${slot}.alt`)?.message;
}

/**
 * GET …/site/pictures?preview=<slot>&picture=<id>&alt=<words>: the stored photo in its place on
 * the page that shows it, before anything is published.
 */
async function previewPage(
  url: URL,
  slot: PictureSlot,
  token: string,
  deps: PictureRouteDeps,
): Promise<Response> {
  const id = url.searchParams.get("picture") ?? "";
  const stored = pictureIdShape.test(id) ? await deps.store.storedPicture(id) : null;
  const live = await liveDocument(deps.store);
  const alt = (url.searchParams.get("alt") ?? "").trim();
  if (!stored || altProblem(live, slot, alt))
    return picturesResponse(404, {
      token,
      pictures: live.pictures,
      canUpload: deps.processPicture !== undefined,
      problem: "That preview is no longer available. Choose the photo again to upload it.",
    });
  const view: PhotoPreview = {
    token,
    slot,
    picture: { picture: stored.id, alt, width: stored.width, height: stored.height },
    pagePath: url.pathname,
  };
  const photoOnly = async (why: string) =>
    new Response(renderPhotoOnly(view, why), { status: 200, headers: await photoOnlyHeaders() });
  if (!deps.publishing?.preview)
    return photoOnly(
      "The site's pages cannot be made on request here, so here is the photo alone.",
    );
  const decision = await deps.previewLimit?.consume("site-preview");
  if (decision && !decision.allowed)
    return photoOnly("Many previews were made in a short time, so here is the photo alone.");
  const next = structuredClone(live);
  next.pictures[slot] = view.picture;
  try {
    const html = await deps.publishing.preview(next, previewPath(slot));
    return new Response(withPreviewBar(html, view), { status: 200, headers: sitePreviewHeaders });
  } catch (error) {
    deps.log.warn("a photo preview could not be made", { slot, error: errorMessage(error) });
    return photoOnly("The page could not be made with it just now, so here is the photo alone.");
  }
}

/** The Pictures page's change, through the editor's one publish path (limit, no-change, hook). */
async function publish(
  before: SiteContent,
  after: SiteContent,
  deps: PictureRouteDeps,
): Promise<PublishResult> {
  const checked = checkSiteContent(after);
  if (!checked.ok)
    throw new Error(`the new version does not pass the schema: ${checked.problems[0]?.message}`);
  return publishVersion(before, checked.content, { from: "the Pictures page" }, deps);
}

/** Back to the Pictures page with what the publish did, as the editor's forms go home. */
function afterPublish(
  token: string,
  what: "saved" | "cleared",
  slot: PictureSlot,
  result: Exclude<PublishResult, { kind: "limited" }>,
): Response {
  const query: Record<string, string> = {
    [what]: slot,
    done: result.kind === "same" ? "same" : result.outcome,
  };
  if (result.kind === "published") query.version = String(result.version);
  if (result.host) query[result.host.ok ? "host" : "hostFailed"] = result.host.message;
  return seeOther(token, query, slot);
}

function seeOther(token: string, fields: Record<string, string>, slot: PictureSlot): Response {
  const query = new URLSearchParams({ token, ...fields });
  return new Response(null, {
    status: 303,
    headers: { Location: `pictures?${query}#${slot}`, "Cache-Control": "no-store" },
  });
}

/** GET …/pictures/<name>: a stored file, public, cached for good (its name is its content). */
export async function handlePictureFile(name: string, store: PictureStore): Promise<Response> {
  const file = pictureFileShape.test(name) ? await store.pictureFile(name) : null;
  if (!file)
    return new Response("No such picture.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
