/** Small parts the private pages share. */
import { Fragment, h, type ReactNode } from "./react.ts";

/** A label and its value in a definition list. */
export function DefinitionRow({ label, value }: { label: string; value: ReactNode }) {
  return h(Fragment, null, h("dt", null, label), h("dd", null, value));
}

/** A definition list of label–value rows. */
export function Definitions({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return h(
    "dl",
    null,
    rows.map(([label, value], index) => h(DefinitionRow, { key: index, label, value })),
  );
}

/** What was just saved, said once after a post. */
export function Notice({ children }: { children?: ReactNode }) {
  return h("p", { className: "notice", role: "status" }, children);
}

/** What was wrong with what was sent. */
export function Problem({ children }: { children?: ReactNode }) {
  return h("p", { className: "problem", role: "alert" }, children);
}

/** A link that looks like a button. */
export function ButtonLink({
  href,
  children,
  ...rest
}: {
  href: string;
  children?: ReactNode;
  className?: string;
  rel?: string;
  download?: string;
}) {
  return h("a", { className: "button", href, ...rest }, children);
}

/** Hidden form fields, in order. */
export function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return h(
    Fragment,
    null,
    Object.entries(fields).map(([name, value]) =>
      h("input", { key: name, type: "hidden", name, value: String(value) }),
    ),
  );
}

/** A bulleted list of lines of text. */
export function Lines({ className, lines }: { className?: string; lines: readonly string[] }) {
  return h(
    "ul",
    { className },
    lines.map((line, index) => h("li", { key: index }, line)),
  );
}
