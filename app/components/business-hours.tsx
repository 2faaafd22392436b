import { business } from "~/content/business";

/** Opening hours as lines of text, for footers and contact cards. */
export function BusinessHours() {
  return business.hours.lines.map((line) => (
    <span key={line} className="block">
      {line}
    </span>
  ));
}
