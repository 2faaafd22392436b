/**
 * A time a customer picked online and that waits for the owner (Online booking: "Held until I
 * confirm it"): the request page shows it with **Confirm this time** and **Turn it down**, and
 * POST …/lead/<id>/visit with action=confirm|decline answers it (owner-visit-routes.ts). Confirm
 * books it as it stands (the status Booked, the customer's confirmation with its calendar
 * invitation); turning it down frees the crew and asks the customer to pick another time. Either
 * is one change with the page's SEQUENCE: a second tap changes nothing.
 */
import { describeEvery } from "../../../shared/booking/plans.ts";
import { visitWords } from "../base/visit.ts";
import type { BookingStore, ChangeResult } from "../store/booking-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { Fragment, h } from "../views/react.ts";
import { VisitForm } from "./owner-visit-form.ts";
import { planEmail, visitEmail } from "./visit-changes.ts";

export type HeldAnswer = "confirm" | "decline";

/** The held visit in words: "Tue Dec 1, 9:00–11:00 AM, then every week on Tuesday". */
export function heldWords(request: StoredContactRequest): string {
  const visit = request.visit ? visitWords(request.visit) : "";
  return request.plan
    ? `${visit}, then ${describeEvery(request.plan.every, request.plan.first.day)}`
    : visit;
}

/** Confirms or turns down the held time; `stale` when the page no longer shows what is held. */
export async function answerHeld(
  lead: StoredContactRequest,
  answer: HeldAnswer,
  expectedSequence: number,
  store: Pick<BookingStore, "changeRequest">,
  now: Date,
): Promise<ChangeResult | { ok: false; reason: "stale" }> {
  if (!lead.visitHeld || !lead.visit) return { ok: false, reason: "stale" };
  const visit = { start: lead.visit.start, end: lead.visit.end };
  if (answer === "confirm")
    return store.changeRequest(
      lead.id,
      {
        expectedSequence,
        visitHeld: false,
        status: "booked",
        event: { actor: "owner", kind: "booked", details: { visit, confirmed: true } },
        visitorEmail: lead.plan ? planEmail({ kind: "booked" }, lead) : visitEmail("booked", lead),
      },
      now,
    );
  return store.changeRequest(
    lead.id,
    {
      expectedSequence,
      visit: null,
      plan: null,
      visitHeld: false,
      status: "contacted",
      event: { actor: "owner", kind: "visit-cancelled", details: { visit, declined: true } },
      visitorEmail: visitEmail("declined", lead),
    },
    now,
  );
}

/** The held time and the owner's two answers, on the request page. */
export function HeldVisit({ request, token }: { request: StoredContactRequest; token: string }) {
  return h(
    Fragment,
    null,
    h("p", { className: "booked" }, `Held for you to confirm: ${heldWords(request)}`),
    h(
      "p",
      null,
      `${request.name} picked this time on their page. It is kept for them (no one else can book it) until you answer.`,
    ),
    h(
      VisitForm,
      { request, token, action: "confirm" },
      h("button", { type: "submit", className: "primary" }, "Confirm this time"),
    ),
    h(
      VisitForm,
      { request, token, action: "decline" },
      h(
        "fieldset",
        { className: "own" },
        h("legend", null, "Turn it down"),
        h(
          "label",
          { className: "check" },
          h("input", { type: "checkbox", name: "confirm", value: "yes", required: true }),
          ` Yes, free this time and ask ${request.name} by e-mail to pick another`,
        ),
        h("button", { type: "submit", className: "danger" }, "Turn it down"),
      ),
    ),
  );
}
