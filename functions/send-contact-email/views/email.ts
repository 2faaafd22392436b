/**
 * The layout of every HTML e-mail: one document shell and one font stack, and the few styled
 * pieces the e-mails share. Styles stay inline (`style` objects): many mail clients drop a
 * style element. React escapes every text and attribute value.
 */
import type { CSSProperties } from "react";
import { h, type ReactNode, renderDocument } from "./react.ts";

const bodyStyle: CSSProperties = {
  fontFamily: "system-ui,-apple-system,Segoe UI,Roboto,sans-serif",
  color: "#1f2937",
  lineHeight: 1.5,
};

/** Small grey print: the e-mail's footnotes. */
export const quiet: CSSProperties = { color: "#6b7280", fontSize: 13 };

export function EmailDocument({ subject, children }: { subject: string; children?: ReactNode }) {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, subject)),
    h("body", { style: bodyStyle }, children),
  );
}

/** An e-mail's HTML part. */
export function renderEmail(subject: string, ...parts: ReactNode[]): string {
  return renderDocument(h(EmailDocument, { subject }, ...parts));
}

/** A link drawn as a button (a mail app shows no form controls). */
export function EmailButton({
  href,
  size = "normal",
  children,
}: {
  href: string;
  size?: "normal" | "large";
  children?: ReactNode;
}) {
  return h(
    "a",
    {
      href,
      style: {
        display: "inline-block",
        padding: size === "large" ? "12px 18px" : "10px 16px",
        background: "#123a7a",
        color: "#ffffff",
        borderRadius: 6,
        textDecoration: "none",
        fontWeight: 600,
      },
    },
    children,
  );
}

/** A label–value table, one row each (the request's fields, the visit's details). */
export function EmailRows({
  rows,
  style,
  alignLeft,
}: {
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  style: CSSProperties;
  /** Aligned by a style (true) or by the old `align` attribute (false). */
  alignLeft?: boolean;
}) {
  const cell: CSSProperties = {
    padding: "4px 12px 4px 0",
    verticalAlign: "top",
    ...(alignLeft ? { textAlign: "left" } : {}),
  };
  return h(
    "table",
    { role: "presentation", style },
    h(
      "tbody",
      null,
      rows.map(([label, value], index) =>
        h(
          "tr",
          { key: index },
          h("th", { align: alignLeft ? undefined : "left", style: cell }, label),
          h("td", { style: cell }, value),
        ),
      ),
    ),
  );
}
