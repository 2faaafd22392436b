/**
 * The times one visit of the plan may move to, a page of its own (…?move=<its series date>, so that
 * Move works without script): its week and the next, a few days at a time, one button per time.
 */
import { ButtonLink } from "../views/parts.ts";
import { Fragment, h } from "../views/react.ts";
import type { MoveTimes } from "./visitor-plan.ts";
import { PlanForm, TimesByDay } from "./visitor-plan-forms.ts";
import type { PlanSectionOptions } from "./visitor-plan-section.ts";
import { dayWords, lengthWords, visitDayWords } from "./visitor-plan-words.ts";

/** The times one visit may move to, a page of its own (…?move=<its date>). */
export function MovePart(options: PlanSectionOptions & { move: MoveTimes }) {
  const { request, token, move, facts } = options;
  const page = (from?: string) =>
    `?token=${encodeURIComponent(token)}&move=${move.occurrence}${from ? `&from=${from}` : ""}#move`;
  const { phone } = facts.business;
  return h(
    Fragment,
    null,
    h("h2", { id: "move" }, `Move your visit of ${dayWords(move.visit.day)}`),
    h(
      "p",
      { className: "small" },
      `Now: ${visitDayWords(move.visit)}. Tap a new time in its week or the next; the visit takes about ${lengthWords(move.minutes)}.`,
    ),
    move.days.length === 0
      ? h(
          "p",
          null,
          "No open times in these two weeks. Please call us at ",
          h("a", { href: `tel:${phone.e164}` }, phone.display),
          ".",
        )
      : h(
          PlanForm,
          {
            token,
            sequence: request.visitSequence,
            fields: { action: "move", occurrence: move.occurrence },
          },
          h(TimesByDay, { days: move.days }),
        ),
    h(
      "div",
      { className: "actions" },
      move.earlier
        ? h(ButtonLink, { href: page(), className: "button quiet" }, "Earlier times")
        : null,
      move.later
        ? h(ButtonLink, { href: page(move.later), className: "button quiet" }, "Later times")
        : null,
      h(
        ButtonLink,
        { href: `?token=${encodeURIComponent(token)}`, className: "button quiet" },
        "Keep it as it is",
      ),
    ),
  );
}
