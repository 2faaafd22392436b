/**
 * The owner's pictures: the Pictures page behind the editor's `site` link (GET and POST
 * …/site/pictures?token=) and the public files (GET …/pictures/<id>-<width>.<ext>).
 *
 * An upload is checked in this order, and nothing is stored or published unless all pass: the
 * body's size (read with a cap, whatever Content-Length says), the words for people who cannot
 * see it, the file's first bytes, then the host's processPicture, which decodes it for real.
 * Then the picture is stored (once, by its id), a new content version is published with the slot
 * set (the change told in the owner's words), and the host is asked to make it live.
 */

import {
  maxPictureBytes,
  type PictureSlot,
  pictureFileShape,
  pictureSlotLabels,
  pictureSlots,
} from "../../../shared/content/picture-files.ts";
import { checkSiteContent, type SiteContent } from "../../../shared/content/site-content.ts";
import { errorMessage, type Logger } from "../base/log.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { pageResponse, refusalPage } from "../http/private-page.ts";
import { createRateLimiter, type RateLimiter } from "../http/rate-limiter.ts";
import { readBoundedBytes } from "../http/request-body.ts";
import { liveDocument } from "../site-editor/live-document.ts";
import {
  type PublishDeps,
  type PublishResult,
  publishVersion,
  tryAgainWords,
} from "../site-editor/publish-version.ts";
import type { ContentStore } from "../store/content-store.ts";
import type { PictureStore } from "../store/picture-store.ts";
import {
  checkProcessed,
  type ProcessPicture,
  pictureId,
  sniffPicture,
} from "./picture-processing.ts";
import { type PictureProblems, picturesResponse, uploadLimitWords } from "./pictures-page.ts";

/** The subject of the editor's `site` links: one editor, one subject. */
export const siteLinkSubject = "site";

export const sitePicturesLink: LinkRule = {
  accepts: () => [{ scope: "site", subject: siteLinkSubject }],
  refused: () =>
    pageResponse(
      403,
      refusalPage(
        "This link does not open the editor",
        "It may have been changed, have expired or have been replaced. Open the editor again from your inbox.",
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
  if (request.method !== "POST") {
    const url = new URL(request.url);
    const slot = url.searchParams.get("saved");
    const cleared = url.searchParams.get("cleared");
    const done = isSlot(slot)
      ? `${pictureSlotLabels[slot]}: saved and published. The site shows it within a minute.`
      : isSlot(cleared)
        ? `${pictureSlotLabels[cleared]}: the illustration is back. The site shows it within a minute.`
        : undefined;
    return picturesResponse(200, {
      token,
      pictures: (await liveDocument(deps.store)).pictures,
      canUpload,
      done,
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
    if (result.kind !== "limited") return seeOther(token, what, slot);
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
  if (form.get("action") === "illustration") {
    if (!before.pictures[slot]) return seeOther(token, "cleared", slot);
    const after = structuredClone(before);
    delete after.pictures[slot];
    return answered(await publish(before, after, deps), "cleared", slot);
  }

  const limited = await deps.limiter.consume("pictures");
  if (!limited.allowed)
    return page(429, {
      problem: `That is many uploads in a short time. Please try again in ${Math.ceil(limited.retryAfterSeconds / 60)} minutes.`,
    });

  const typedAlt = String(form.get("alt") ?? "");
  const file = form.get("file");
  const chosen = file instanceof File && file.size > 0 ? file : null;
  const current = before.pictures[slot];
  const refuse = (problems: Omit<PictureProblems, "slot" | "typedAlt">) =>
    page(400, { problems: { slot, typedAlt, ...problems } });

  // The words first: checked by the schema, so they read the same as on every other form.
  const altProblem = checkSiteContent({
    ...before,
    pictures: { [slot]: { picture: "0".repeat(32), width: 1, height: 1, alt: typedAlt } },
  });
  const altMessage = altProblem.ok
    ? undefined
    : altProblem.problems.find((problem) => problem.path === `pictures.${slot}.alt`)?.message;

  if (!chosen) {
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
    deps.log.warn("a picture upload could not be read", { slot, error: errorMessage(error) });
    return refuse({
      file: "That file could not be read as a photo. Choose a JPEG, PNG or WebP picture.",
    });
  }
  const wrong = checkProcessed(processed);
  if (wrong) throw new Error(`processPicture: ${wrong}`);

  const id = await pictureId(processed);
  const saved = await deps.store.savePicture({
    id,
    width: processed.width,
    height: processed.height,
    files: processed.files.map((file) => ({ ...file, name: `${id}-${file.name}` })),
  });
  deps.log.info("picture stored", { slot, picture: id, new: saved.stored });
  const after = structuredClone(before);
  after.pictures[slot] = {
    picture: id,
    alt: typedAlt.trim(),
    width: processed.width,
    height: processed.height,
  };
  return answered(await publish(before, after, deps), "saved", slot);
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

function seeOther(token: string, what: "saved" | "cleared", slot: PictureSlot): Response {
  const query = new URLSearchParams({ token, [what]: slot });
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
