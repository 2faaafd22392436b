/**
 * What a visitor is sent, page by page: every path the build prerenders (the site's pages, the
 * 404 page and the popup's markup), fetched whole from a running server, and whether each shows a
 * given main phone in all three places a phone lives (the text, `tel:` links, JSON-LD). Shared by
 * the owner's end-to-end walk, the load test during a publish and `npm run bench:publish`, so the
 * three judge "every page shows it" alike.
 */
import { notFoundPath, sitePaths } from "../../shared/site-paths.ts";

/** The popup's markup: it carries the Call Now phone, never the main one. */
export const popupPath = "/welcome-offer.html";

/** The 18 prerendered HTML paths. */
export const everyPath: readonly string[] = [...sitePaths, notFoundPath, popupPath];

/** The status each path is answered with. */
export const expectedStatus = (path: string) => (path === notFoundPath ? 404 : 200);

/** How a whole answer ends: a page with </html>, the popup's markup (a fragment) with its dialog. */
export const documentEnd = (path: string) => (path === popupPath ? "</dialog>" : "</html>");

/** A ten-digit phone as a page writes it in each place: "(484) 555-0142", tel: and JSON-LD. */
export function phoneForms(digits: string) {
  const ten = digits.replace(/\D/g, "").slice(-10);
  if (ten.length !== 10) throw new Error(`not a ten-digit phone: ${digits}`);
  return {
    text: `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`,
    tel: `tel:+1${ten}`,
    jsonLd: `"telephone":"+1${ten}"`,
  };
}

/** Which of the phone's forms a page has. */
export function phoneIn(html: string, digits: string) {
  const forms = phoneForms(digits);
  return {
    text: html.includes(forms.text),
    tel: html.includes(forms.tel),
    jsonLd: html.includes(forms.jsonLd),
    any: html.includes(forms.text) || html.includes(forms.tel) || html.includes(forms.jsonLd),
  };
}

/**
 * Paths whose answer is not what a page showing `now` (and nothing of `before`) must be: the
 * wrong status, a form of the new phone missing (the popup's markup excepted) or any form of the
 * old one present. An empty list: every page shows the new phone and none the old.
 */
export async function pagesNotShowing(
  origin: string,
  now: string,
  before: string,
): Promise<string[]> {
  const wrong: string[] = [];
  await Promise.all(
    everyPath.map(async (path) => {
      const response = await fetch(`${origin}${path}`, {
        headers: { "cache-control": "no-cache" },
      });
      const html = await response.text();
      const shown = phoneIn(html, now);
      const old = phoneIn(html, before);
      const whole = path === popupPath || (shown.text && shown.tel && shown.jsonLd);
      if (response.status !== expectedStatus(path) || !whole || old.any)
        wrong.push(
          `${path} (${response.status}; new: text ${shown.text}, tel ${shown.tel}, JSON-LD ${shown.jsonLd}; old: ${old.any})`,
        );
    }),
  );
  return wrong.sort();
}
