import { business } from "~/content/business";

/** Opening hours as lines of text, for footers and contact cards. */
export function BusinessHours() {
  return (
    <>
      {business.hours.open.map((slot) => (
        <span key={slot.days} className="block">
          {slot.days}: {slot.label}
        </span>
      ))}
      <span className="block">{business.hours.closed.join(", ")}: Closed</span>
    </>
  );
}
