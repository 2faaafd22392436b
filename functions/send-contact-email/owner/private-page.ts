/**
 * The shell of the function's private pages (the owner's request page, the inbox, a customer's
 * e-mail choices): plain HTML with one inline stylesheet, no script, no third-party resource, not
 * indexed, and no Referer to anywhere (their links carry tokens). The Content-Security-Policy
 * allows exactly that stylesheet, by hash (no 'unsafe-inline'), and forms posting to the page
 * itself. Each page brings its own rules after the common ones.
 */
import { escapeHtml } from "../email.ts";

/** What every private page shares: one readable column on a phone, large targets, visible focus. */
const commonCss = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1f2b;background:#f6f7f9}
body{margin:0;padding:1rem}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #d5d9e0;border-radius:.75rem;padding:1rem 1.25rem}
h1{font-size:1.375rem;margin:.25rem 0 .5rem}
h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
.notice{background:#e7f6ec;border:1px solid #87c59b;border-radius:.5rem;padding:.5rem .75rem}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid #b34700;outline-offset:2px}
`.trim();

export type PrivatePage = {
  headers(): Promise<Record<string, string>>;
  /** A whole document; `body` is already escaped HTML, `title` is text. */
  document(title: string, body: string): string;
};

/** A whole HTML document of the function's: one column of `body` (escaped HTML), one stylesheet. */
export function htmlDocument(title: string, css: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${head}<title>${escapeHtml(title)}</title>
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

export function privatePage(ownCss: string): PrivatePage {
  const css = `${commonCss}\n${ownCss.trim()}`;
  let styleHash: Promise<string> | undefined;
  const hash = () => {
    styleHash ??= crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(css))
      .then((digest) => btoa(String.fromCharCode(...new Uint8Array(digest))));
    return styleHash;
  };
  return {
    async headers() {
      return {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${await hash()}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
        "Cache-Control": "no-store",
        // The links carry their tokens: no other site may see them in a Referer.
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex, nofollow",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
      };
    },
    document(title, body) {
      return htmlDocument(title, css, body, '<meta name="referrer" content="no-referrer">\n');
    },
  };
}
