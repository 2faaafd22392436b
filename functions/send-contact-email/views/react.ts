/**
 * How the function writes HTML: React elements made with `createElement` (no JSX, so the same .ts
 * files run from source under Node's type stripping, under Deno and in Vitest with no transform;
 * docs/decisions/0019-server-rendered-views.md), rendered to a string by react-dom/server. React
 * escapes every text and attribute value, so visitor text is safe wherever a component puts it.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export const h = createElement;
export type { ReactElement, ReactNode };
export { Fragment };

/** A whole page or e-mail: React writes no doctype, so it is put before the `<html>` element. */
export function renderDocument(document: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(document)}\n`;
}

/** A part of a page, as HTML (tests and the digest e-mail read parts on their own). */
export function renderPart(part: ReactNode): string {
  return renderToStaticMarkup(h(Fragment, null, part));
}
