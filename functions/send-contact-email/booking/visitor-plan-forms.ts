/**
 * The small parts of the plan's forms on the customer's page: every form posts the link's token and
 * the plan's SEQUENCE (a page older than the plan changes nothing), a button names its visit for a
 * screen reader, the open times are one button each.
 */
import { Hidden } from "../views/parts.ts";
import { h, type ReactNode } from "../views/react.ts";
import type { BookingTimes } from "./visitor-page.ts";
import type { PlanFacts } from "./visitor-plan-section.ts";

/** A form of the plan: the link's token and the plan's SEQUENCE, then its own fields. */
export function PlanForm({
  token,
  sequence,
  fields = {},
  className,
  children,
}: {
  token: string;
  sequence: number;
  fields?: Record<string, string>;
  className?: string;
  children?: ReactNode;
}) {
  return h(
    "form",
    { method: "post", className },
    h(Hidden, { fields: { token, sequence, ...fields } }),
    children,
  );
}

/** One button a tap posts as `action`; `about` names its visit for a screen reader. */
export function ActionButton({
  action,
  about,
  children,
  className,
}: {
  action: string;
  about?: string;
  children?: ReactNode;
  className?: string;
}) {
  return h(
    "button",
    { name: "action", value: action, className },
    children,
    about ? h("span", { className: "sr-only" }, ` ${about}`) : null,
  );
}

/** The open times by day, one button each: a tap posts `start` (the first visit and a move alike). */
export function TimesByDay({ days }: { days: BookingTimes["days"] }) {
  return days.map((day) =>
    h(
      "fieldset",
      { key: day.day },
      h("legend", null, day.label),
      h(
        "div",
        { className: "times" },
        day.times.map((time) =>
          h("button", { key: time.value, name: "start", value: time.value }, time.label),
        ),
      ),
    ),
  );
}

/** "Less than 24 hours away: please call us at … to change it." */
export function CallToChange({ facts }: { facts: PlanFacts }) {
  const { phone } = facts.business;
  return h(
    "p",
    { className: "small" },
    `Less than ${facts.booking.cutoffHours} hours away: please call us at `,
    h("a", { href: `tel:${phone.e164}` }, phone.display),
    " to change it.",
  );
}
