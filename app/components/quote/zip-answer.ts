/**
 * The answer to "Do we serve you?" in words, for the form's ZIP field and the home page's ZIP box.
 */
import { decideZip, type TownZips } from "../../../shared/quote/service-area";

export type ZipAnswer =
  | { kind: "none" }
  | { kind: "invalid"; text: string }
  | { kind: "in-area"; text: string; town: string; path: string }
  | { kind: "outside"; text: string };

/**
 * Answers from the page's area once five characters are typed; `complete` (the visitor pressed
 * Enter) answers any input.
 */
export function zipAnswer(input: string, area: readonly TownZips[], complete = false): ZipAnswer {
  if (input.trim().length < 5 && !complete) return { kind: "none" };
  const decision = decideZip(input, area);
  switch (decision.kind) {
    case "invalid":
      return { kind: "invalid", text: "Please enter a 5-digit ZIP code." };
    case "in-area":
      return {
        kind: "in-area",
        // A nearby ZIP is answered as itself: 19403 is Norristown, not Plymouth Meeting.
        text: decision.nearby
          ? `Yes, we clean in ${decision.zip}: our ${decision.town} crew covers it.`
          : `Yes, we clean in ${decision.town}!`,
        town: decision.town,
        path: decision.path,
      };
    case "outside":
      return {
        kind: "outside",
        text: `${decision.zip} is outside our service area today. You can still send a request, and we will tell you honestly whether we can help.`,
      };
  }
}
