/**
 * The shell of the function's private pages (the owner's request page, the visitor's, the inbox,
 * the opt-out page): plain HTML, no script, one style element allowed by
 * its hash in a CSP that allows nothing else, `noindex`, `no-referrer` (the link carries its
 * token), no framing. Readable on a phone with one hand: one column, 44 px targets, visible focus.
 */
import { escapeHtml } from "../mail/email.ts";
import { isFormContentType, readFormBody } from "./request-body.ts";

export const pageCss = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1f2b;background:#f6f7f9}
body{margin:0;padding:1rem}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #d5d9e0;border-radius:.75rem;padding:1rem 1.25rem}
h1{font-size:1.375rem;margin:.25rem 0 .5rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.lead{font-size:1.125rem;font-weight:600;background:#e6ecf7;border-radius:.5rem;padding:.75rem}
.notice{background:#e7f6ec;border:1px solid #87c59b;border-radius:.5rem;padding:.5rem .75rem}
.problem{background:#fdecea;border:1px solid #d9534f;border-radius:.5rem;padding:.5rem .75rem}
dl{margin:1rem 0}
dt{font-weight:600;margin-top:.5rem}dd{margin:0;overflow-wrap:anywhere}
@media (min-width:40rem){dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem}dt{margin:0}}
a.button,button{display:inline-block;min-height:2.75rem;padding:.625rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;box-sizing:border-box;cursor:pointer}
a.button,button.primary{background:#123a7a;color:#fff;border:2px solid #123a7a}
button{border:2px solid #123a7a;background:#fff;color:#123a7a}
button.danger{border-color:#a12622;color:#a12622}
form{margin:.75rem 0 0}
fieldset{border:1px solid #d5d9e0;border-radius:.5rem;padding:.75rem;margin:0 0 .75rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
select,input,textarea{font:inherit;min-height:2.75rem;width:100%;box-sizing:border-box;border:1px solid #5f6b7a;border-radius:.375rem;padding:.5rem;background:#fff;color:#1a1f2b}
input[type=checkbox]{width:1.5rem;min-height:1.5rem;height:1.5rem;margin:0 .5rem 0 0;vertical-align:middle}
label.check{display:flex;align-items:center;font-weight:400}
.row{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:0 .5rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0}
.small{color:#4a5563;font-size:.875rem}
ul.history{padding-left:1.25rem}
a:focus-visible,button:focus-visible,select:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #b34700;outline-offset:2px}
`.trim();

const styleHashes = new Map<string, Promise<string>>();

/** The CSP allows exactly the page's own style element, by hash (no 'unsafe-inline'). */
export function styleHash(css: string): Promise<string> {
  let hash = styleHashes.get(css);
  if (!hash) {
    hash = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(css))
      .then((digest) => btoa(String.fromCharCode(...new Uint8Array(digest))));
    styleHashes.set(css, hash);
  }
  return hash;
}

export async function privatePageHeaders(css = pageCss): Promise<Record<string, string>> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${await styleHash(css)}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}

export function privateDocument(title: string, body: string, css = pageCss): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export async function pageResponse(
  status: number,
  html: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return new Response(html, { status, headers: { ...(await privatePageHeaders()), ...extra } });
}

/** What every refused link shows: nothing of any request. */
export function refusalPage(title: string, text: string): string {
  return privateDocument(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

/** Reads a small form post; null when it is not one or is larger than `maxBytes`. */
export async function readSmallForm(
  request: Request,
  maxBytes: number,
): Promise<URLSearchParams | null> {
  if (!isFormContentType(request.headers.get("content-type"))) return null;
  // Reads no more than the limit, whatever the length says (a chunked body has none).
  const read = await readFormBody(request, maxBytes);
  return read.ok ? read.value : null;
}
