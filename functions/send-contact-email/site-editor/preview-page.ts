/**
 * A preview as the browser gets it: the site's page with the unsaved changes, made by the host
 * (SitePublishing.preview) as a whole page without scripts, under a strict policy, with a banner
 * on top. Its links are turned off: the preview is the answer to a form's post, so a link could
 * only lead to the live site, without the banner and without the change, where the owner would
 * take it for the change published. Links within the page (`#…`) still work. Its forms are inert
 * (the policy would stop them anyway, silently). The banner says so and how to get back.
 */

/** The banner's first words, on every preview. */
export const previewBanner = "Preview: not published";

/** What the banner says of the links, and the way back to the form. */
export const previewBannerHelp =
  "Links are off in a preview. Use your browser's Back button to return to your form.";

/**
 * Its own stylesheets and images from this origin, inline styles, nothing else; never indexed,
 * kept, or framed.
 */
export const previewHeaders: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

/** Sticky on top: there wherever the page is scrolled or opened. */
const bannerHtml = `<div role="status" style="position:sticky;top:0;z-index:2147483647;background:#b34700;color:#fff;font:1rem/1.4 system-ui,sans-serif;text-align:center;padding:.5rem 1rem"><strong>${previewBanner}</strong><br>${previewBannerHelp}</div>`;

/**
 * A link that no longer leads anywhere keeps its look, and says it is off when pointed at; a
 * section opened by its fragment stops below the banner, and stays there: every section is laid
 * out at once (the site lays out those far from the screen only when they come near, guessing
 * their height until then, which moved the section the preview opened at), each still clipping
 * what overflows it, as it did. Last in <head>, after the site's own.
 */
const offStyle =
  "<style>a:not([href]){cursor:not-allowed}[id]{scroll-margin-top:7.5rem!important}main>section,body>footer{content-visibility:visible!important;contain:paint}</style>";

const linkTag = /<(a|area)\b([^>]*)>/gi;
const hrefAttribute = /\s+href\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;

/** Every link leaving the page loses its address; `#…` links stay. */
function linksOff(body: string): string {
  return body
    .replace(linkTag, (tag, name: string, attributes: string) => {
      const href = hrefAttribute.exec(attributes);
      if (!href) return tag;
      const value = (href[1] ?? "").replace(/^["']|["']$/g, "");
      if (value.startsWith("#")) return tag;
      return `<${name}${attributes.replace(hrefAttribute, "")}>`;
    })
    .replace(/<form\b/gi, "<form inert");
}

/**
 * The banner first in <body>, its links off, and a robots meta in <head> for a copy saved and
 * opened later.
 */
export function withBanner(html: string): string {
  const robots = '<meta name="robots" content="noindex, nofollow">';
  let headed = /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${robots}`)
    : html;
  headed = /<\/head>/i.test(headed)
    ? headed.replace(/<\/head>/i, `${offStyle}</head>`)
    : `${offStyle}${headed}`;
  const body = /<body[^>]*>/i.exec(headed);
  if (!body) return `${bannerHtml}${linksOff(headed)}`;
  const start = body.index + body[0].length;
  return `${headed.slice(0, start)}${bannerHtml}${linksOff(headed.slice(start))}`;
}
