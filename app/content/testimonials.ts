/**
 * The client quotes in the testimonials carousel (product.md, Widgets): content the owner edits
 * (the reviews group of a content version: five to begin with, one per town, all rated 5,
 * fictional placeholders for the owner's real reviews).
 */
import type { SiteContent } from "../../shared/content/site-content";

type Testimonial = SiteContent["reviews"][number] & {
  /** Shown in the avatar circle in place of a photo. */
  initials: string;
};

export function testimonialsOf({ reviews }: Pick<SiteContent, "reviews">): Testimonial[] {
  return reviews.map((review) => ({ ...review, initials: initialsOf(review.name) }));
}

/** "LM" from "Lauren M.": the first letter of the first and the last word. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}
