import { usePageFacts } from "~/content/page-facts";

/** Opening hours as lines of text, for footers and contact cards. */
export function BusinessHours() {
  return usePageFacts().business.hours.lines.map((line) => (
    <span key={line} className="block">
      {line}
    </span>
  ));
}
