/**
 * The document around every private page (../private-page.ts has its headers): the stylesheet
 * of views/page-css.ts in its one style element, the page's parts in `main`.
 */
import { pageCss, visitorPageCss } from "./page-css.ts";
import { h, type ReactNode, renderDocument } from "./react.ts";

/** Which page's own rules of the stylesheet apply (views/page-css.ts): the class of `main`. */
export type PageKind = "owner" | "inbox" | "editor" | "visitor";

/** The document around every private page. */
export function PrivatePage({
  title,
  kind,
  children,
}: {
  title: string;
  kind?: PageKind;
  children?: ReactNode;
}) {
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "robots", content: "noindex, nofollow" }),
      h("meta", { name: "referrer", content: "no-referrer" }),
      h("title", null, title),
      // The stylesheet is ours and fixed (its hash is in the CSP): written as it is, not escaped.
      h("style", {
        dangerouslySetInnerHTML: { __html: kind === "visitor" ? visitorPageCss : pageCss },
      }),
    ),
    h("body", null, h("main", { className: kind }, children)),
  );
}

export type PageOptions = { title: string; kind?: PageKind };

/** A private page as the HTML to send. */
export function renderPage(options: PageOptions, ...parts: ReactNode[]): string {
  return renderDocument(h(PrivatePage, options, ...parts));
}
