/**
 * The owner's Pictures page: one form per artwork slot, each with what shows there now (the
 * owner's picture, small, or the illustration), a file field, the words for people who cannot see
 * the picture, Upload, and "Use the illustration again" once a picture is there. Plain HTML forms
 * (multipart for the file) that work without script at 390 px; a problem shows beside its field.
 */
import {
  heightAt,
  maxPictureBytes,
  type PictureSlot,
  pictureFileName,
  pictureSlotLabels,
  pictureSlots,
} from "../../../shared/content/picture-files.ts";
import type { OwnerPicture } from "../../../shared/content/site-content.ts";
import { privatePageHeaders } from "../http/private-page.ts";
import { Notice, Problem } from "../views/parts.ts";
import { renderPage } from "../views/private-page.ts";
import { Fragment, h, type ReactNode } from "../views/react.ts";
import { doneWords, type PictureDone } from "./picture-outcome.ts";

export const uploadLimitWords = `${maxPictureBytes / 1024 / 1024} MB`;

/** What a post got wrong, by field: the slot it was for, and the words to show. */
export type PictureProblems = {
  slot: PictureSlot;
  file?: string;
  alt?: string;
  /** What the owner typed, given back so nothing has to be typed twice. */
  typedAlt?: string;
};

export type PicturesPageView = {
  token: string;
  pictures: Partial<Record<PictureSlot, OwnerPicture>>;
  /** False where this host cannot make pictures (Supabase): the upload forms say so. */
  canUpload: boolean;
  problems?: PictureProblems;
  /** A problem with the whole post, not one field (too large to read, a broken form). */
  problem?: string;
  /** What the last post did, said once, in the section of the slot it was for. */
  done?: PictureDone;
};

/** The page's own CSP: the private pages' one, plus the small pictures it shows from here. */
export async function picturesPageHeaders(): Promise<Record<string, string>> {
  const headers = await privatePageHeaders();
  return {
    ...headers,
    "Content-Security-Policy": `${headers["Content-Security-Policy"]}; img-src 'self'`,
  };
}

const shownWidth = 160;

function Current({ picture, label }: { picture?: OwnerPicture; label: string }) {
  if (!picture) return h("p", { className: "small" }, "Now: the illustration.");
  const width = Math.min(480, picture.width);
  return h(
    Fragment,
    null,
    h("p", { className: "small" }, "Now: your photo."),
    // Relative to …/site/pictures: the function's own public copy of the file.
    h("img", {
      src: `../pictures/${pictureFileName(picture.picture, width, "jpg")}`,
      width: shownWidth,
      height: heightAt(picture, shownWidth),
      alt: `${label} now: ${picture.alt}`,
    }),
  );
}

function SlotForms({ slot, view }: { slot: PictureSlot; view: PicturesPageView }) {
  const label = pictureSlotLabels[slot];
  const picture = view.pictures[slot];
  const problems = view.problems?.slot === slot ? view.problems : undefined;
  const action = `pictures?token=${encodeURIComponent(view.token)}`;
  const done = view.done?.slot === slot ? view.done : undefined;
  const said = done ? doneWords(done, picture !== undefined) : null;
  return h(
    "section",
    { id: slot, "aria-labelledby": `${slot}-title` },
    h("h2", { id: `${slot}-title` }, label),
    said ? h(said.ok ? Notice : Problem, null, said.words) : null,
    done?.host ? h(done.host.ok ? Notice : Problem, null, done.host.words) : null,
    h(Current, { picture, label }),
    // Folded: thirteen forms open made the page 6,000 px tall on a phone. Open when it has
    // something to say about what was sent.
    h(
      "details",
      { open: problems !== undefined },
      h("summary", null, picture ? "Change the photo or its words" : "Put a photo here"),
      h(SlotUpload, { slot, view, picture, problems, action }),
    ),
  );
}

function SlotUpload({
  slot,
  view,
  picture,
  problems,
  action,
}: {
  slot: PictureSlot;
  view: PicturesPageView;
  picture?: OwnerPicture;
  problems?: PictureProblems;
  action: string;
}) {
  const fileId = `file-${slot}`;
  const altId = `alt-${slot}`;
  // The hint always, the problem when there is one: a screen reader says both with the field.
  const described = (id: string, problem?: string) =>
    problem
      ? { "aria-invalid": true, "aria-describedby": `${id}-hint ${id}-problem` }
      : { "aria-describedby": `${id}-hint` };
  return h(
    Fragment,
    null,
    h(
      "form",
      { method: "post", action: `${action}#${slot}`, encType: "multipart/form-data" },
      h("input", { type: "hidden", name: "slot", value: slot }),
      h("label", { htmlFor: fileId }, picture ? "New photo" : "Photo"),
      h(
        "p",
        { className: "small", id: `${fileId}-hint` },
        `JPEG, PNG or WebP, up to ${uploadLimitWords}. You see it in its place before it goes live.`,
      ),
      h("input", {
        id: fileId,
        type: "file",
        name: "file",
        accept: "image/jpeg,image/png,image/webp",
        disabled: !view.canUpload,
        ...described(fileId, problems?.file),
      }),
      problems?.file
        ? h(Problem, null, h("span", { id: `${fileId}-problem` }, problems.file))
        : null,
      h("label", { htmlFor: altId }, "What the picture shows"),
      h(
        "p",
        { className: "small", id: `${altId}-hint` },
        "In a few words, for people who cannot see it.",
      ),
      h("input", {
        id: altId,
        type: "text",
        name: "alt",
        maxLength: 200,
        defaultValue: problems?.typedAlt ?? picture?.alt ?? "",
        ...described(altId, problems?.alt),
      }),
      problems?.alt ? h(Problem, null, h("span", { id: `${altId}-problem` }, problems.alt)) : null,
      h(
        "div",
        { className: "actions" },
        h(
          "button",
          { type: "submit", name: "action", value: "upload", className: "primary" },
          picture ? "Upload and preview, or save the words" : "Upload and preview",
        ),
      ),
    ),
    picture
      ? h(
          "form",
          { method: "post", action: `${action}#${slot}`, encType: "multipart/form-data" },
          h("input", { type: "hidden", name: "slot", value: slot }),
          h(
            "button",
            { type: "submit", name: "action", value: "illustration" },
            "Use the illustration again",
          ),
        )
      : null,
  );
}

export function renderPicturesPage(view: PicturesPageView): string {
  const parts: ReactNode[] = [
    h(
      "p",
      null,
      h("a", { href: `../site?token=${encodeURIComponent(view.token)}` }, "Back to the editor"),
    ),
    h("h1", null, "Pictures"),
    h(
      "p",
      { className: "lead" },
      "Put your own photo where the site shows an illustration. After the upload you see it on its page, and it goes live only when you tap Publish this photo. The photo's location and camera details are removed first.",
    ),
  ];
  if (view.problem) parts.push(h(Problem, null, view.problem));
  if (!view.canUpload)
    parts.push(
      h(
        Problem,
        null,
        "Photos are uploaded on the site's own server (npm start): this one cannot resize them. You can still put an illustration back.",
      ),
    );
  for (const slot of pictureSlots) parts.push(h(SlotForms, { key: slot, slot, view }));
  return renderPage({ title: "Pictures", kind: "editor" }, ...parts);
}

export async function picturesResponse(status: number, view: PicturesPageView): Promise<Response> {
  return new Response(renderPicturesPage(view), { status, headers: await picturesPageHeaders() });
}
