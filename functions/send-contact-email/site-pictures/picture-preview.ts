/**
 * A photo before it is published: stored (its files are named by their content, so a stored file
 * shows nothing until a version names it) and shown in its place on the page it belongs to, with
 * "Publish this photo" and "Cancel" in a bar that stays at the top. The page is the site's own,
 * made with the live version plus this photo (SitePublishing.preview, the Node host's); where no
 * page can be made (or too many were), the photo alone on a private page with the same two
 * buttons. No script either way: the buttons are a form post and a link.
 */
import {
  heightAt,
  type PictureSlot,
  pictureFileName,
  pictureSlotLabels,
  pictureSlotPages,
} from "../../../shared/content/picture-files.ts";
import type { OwnerPicture } from "../../../shared/content/site-content.ts";
import { privatePageHeaders } from "../http/private-page.ts";
import { renderPage } from "../views/private-page.ts";
import { h } from "../views/react.ts";

export type PhotoPreview = {
  token: string;
  slot: PictureSlot;
  picture: OwnerPicture;
  /** The Pictures page's own path (…/site/pictures): where Publish posts and Cancel leads. */
  pagePath: string;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? "",
  );

/** "Cancel": back to the Pictures page, saying nothing was published. */
export function cancelHref(view: PhotoPreview): string {
  const query = new URLSearchParams({ token: view.token, cancelled: view.slot });
  return `${view.pagePath}?${query}#${view.slot}`;
}

function publishAction(view: PhotoPreview): string {
  return `${view.pagePath}?${new URLSearchParams({ token: view.token })}#${view.slot}`;
}

/** The form's hidden fields: the stored photo and its words, as the preview showed them. */
function hiddenFields(view: PhotoPreview): [string, string][] {
  return [
    ["slot", view.slot],
    ["picture", view.picture.picture],
    ["alt", view.picture.alt],
  ];
}

/** The bar's own styles: inline, as the preview's policy allows for the site's page. */
const bar = {
  box: "position:sticky;top:0;z-index:2147483647;background:#7a2e00;color:#fff;font:1rem/1.4 system-ui,sans-serif;padding:.625rem 1rem;box-shadow:0 2px 6px rgba(0,0,0,.3)",
  text: "margin:0 0 .5rem;max-width:40rem",
  form: "display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0",
  publish:
    "min-height:2.75rem;padding:.5rem 1rem;border:2px solid #fff;border-radius:.5rem;background:#fff;color:#7a2e00;font:inherit;font-weight:700;cursor:pointer",
  cancel:
    "display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border:2px solid #fff;border-radius:.5rem;color:#fff;font-weight:600;text-decoration:none",
  link: "color:#fff;font-weight:600",
};

/** The marked photo: outlined, and clear of the bar when "Show me" scrolls to it. */
const photoStyle =
  "<style>#your-photo{outline:4px solid #b34700;outline-offset:4px;scroll-margin-top:10rem}</style>";

/** The bar's words, said the same on both kinds of preview. */
export function previewWords(slot: PictureSlot): string {
  return `Preview, not published: your photo on the ${pictureSlotLabels[slot]}. Visitors still see what is there now.`;
}

function barHtml(view: PhotoPreview): string {
  const hidden = hiddenFields(view)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("");
  return (
    `<div role="region" aria-label="Preview" style="${bar.box}">` +
    `<p style="${bar.text}">${escapeHtml(previewWords(view.slot))} <a href="#your-photo" style="${bar.link}">Show me the photo</a></p>` +
    `<form method="post" enctype="multipart/form-data" action="${escapeHtml(publishAction(view))}" style="${bar.form}">${hidden}` +
    `<button type="submit" name="action" value="publish" style="${bar.publish}">Publish this photo</button>` +
    `<a href="${escapeHtml(cancelHref(view))}" style="${bar.cancel}">Cancel</a>` +
    "</form></div>"
  );
}

/**
 * The site's page with the bar first in <body>, the photo marked (`#your-photo`), and the closed
 * dialog it sits in (a Services card's details) opened, so that it is seen without a tap.
 */
export function withPreviewBar(html: string, view: PhotoPreview): string {
  const id = view.picture.picture;
  const at = html.search(new RegExp(`<img\\b[^>]*${id}`));
  let page = html;
  if (at >= 0) {
    const dialogAt = page.lastIndexOf("<dialog", at);
    if (dialogAt >= 0 && page.lastIndexOf("</dialog>", at) < dialogAt)
      page = `${page.slice(0, dialogAt)}<dialog open${page.slice(dialogAt + "<dialog".length)}`;
    page = page.replace(new RegExp(`<img\\b(?=[^>]*${id})`), '<img id="your-photo"');
  }
  const robots = '<meta name="robots" content="noindex, nofollow">';
  page = /<head[^>]*>/i.test(page)
    ? page.replace(/<head[^>]*>/i, (head) => `${head}${robots}${photoStyle}`)
    : `${robots}${photoStyle}${page}`;
  return /<body[^>]*>/i.test(page)
    ? page.replace(/<body[^>]*>/i, (body) => `${body}${barHtml(view)}`)
    : `${barHtml(view)}${page}`;
}

/** The site's page as a preview: its styles and images, and a form back to this page only. */
export const sitePreviewHeaders: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

/** Where no page of the site can be made: the photo alone, at the size its place shows it. */
export function renderPhotoOnly(view: PhotoPreview, why: string): string {
  const width = Math.min(480, view.picture.width);
  const shown = 320;
  return renderPage(
    { title: "Your photo, before it goes live" },
    h("h1", null, "Your photo, before it goes live"),
    h("p", { className: "lead" }, previewWords(view.slot)),
    h("p", { className: "small" }, why),
    h("img", {
      id: "your-photo",
      // Relative to …/site/pictures: the function's own public copy of the file.
      src: `../pictures/${pictureFileName(view.picture.picture, width, "jpg")}`,
      width: shown,
      height: heightAt(view.picture, shown),
      alt: view.picture.alt,
    }),
    h("p", null, `What it shows, for people who cannot see it: ${view.picture.alt}`),
    h(
      "form",
      { method: "post", action: publishAction(view), encType: "multipart/form-data" },
      hiddenFields(view).map(([name, value]) =>
        h("input", { key: name, type: "hidden", name, value }),
      ),
      h(
        "div",
        { className: "actions" },
        h(
          "button",
          { type: "submit", name: "action", value: "publish", className: "primary" },
          "Publish this photo",
        ),
        h("a", { className: "button quiet", href: cancelHref(view) }, "Cancel"),
      ),
    ),
  );
}

/** The private page's headers, with the photo's own file allowed. */
export async function photoOnlyHeaders(): Promise<Record<string, string>> {
  const headers = await privatePageHeaders();
  return {
    ...headers,
    "Content-Security-Policy": `${headers["Content-Security-Policy"]}; img-src 'self'`,
  };
}

/** The page a slot is previewed on. */
export const previewPath = (slot: PictureSlot) => pictureSlotPages[slot];
