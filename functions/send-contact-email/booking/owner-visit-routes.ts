/**
 * The owner books, moves or cancels the visit from the request page (owner-booking-section.ts
 * draws the forms), or changes the customer's plan (owner-plan-changes.ts):
 *   POST …/send-contact-email/lead/<id>/visit   token, sequence, action=book|cancel, and either
 *                                               window=<n> (one of the visitor's times, one tap)
 *                                               or date, time, minutes;
 *                                               or action=plan-skip|plan-unskip (occurrence),
 *                                               plan-move (occurrence, date, time, anyway),
 *                                               plan-pause (until), plan-resume,
 *                                               plan-every (every, anyway), plan-cancel (confirm)
 * Only the owner's acting link (`owner` scope, `ownerVisitLink`, checked by the router) may do
 * it. The form carries the visit's SEQUENCE as the page showed it: a second tap, or a page left
 * open while something else changed, changes nothing and shows the page as it is now. The change, its event and the visitor's e-mail (with
 * the calendar event) are stored in one transaction; then 303 back to the page.
 */

import { fitsAt } from "../../../shared/booking/open-times.ts";
import type { QuoteWords } from "../../../shared/quote/describe.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { checkBooking, windowBooking } from "../base/visit.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { pageResponse, readSmallForm, refusalPage } from "../http/private-page.ts";
import { type BookingFacts, busyIn, planRulesOf } from "../leads/booked-visits.ts";
import type { BookingStore } from "../store/booking-store.ts";
import type { OwnerStore } from "../store/owner-store.ts";
import { answerHeld } from "./owner-held.ts";
import { changeOwnerPlan } from "./owner-plan-changes.ts";
import { visitEmail } from "./visit-changes.ts";

export type OwnerVisitDeps = {
  store: OwnerStore & BookingStore;
  /**
   * The live version's booking settings: the owner's booking takes a crew like a visitor's, under
   * the same lock, so that the two never get the last one together (unless the owner says so).
   */
  booking: () => BookingFacts;
  /** A content version's words (the request's own price list prices a plan's new frequency). */
  wordsOf: (stamp: number | null | undefined) => Promise<QuoteWords>;
  /**
   * A change of this request was stored: the queues send what it queued, and stop what it stops
   * (after the answer).
   */
  onChanged?: (id: string) => void;
  now?: () => Date;
  log?: Logger;
};

const maxFormBytes = 1024;

const refusal = () =>
  pageResponse(
    403,
    refusalPage(
      "Quote request",
      "This link is not valid or has expired. Open the request from its latest e-mail, or use npm run leads.",
    ),
  );

/** The e-mail's acting link only; the forms post to …/visit?token=…, earlier ones in the form. */
export const ownerVisitLink: LinkRule = {
  accepts: ({ id = "" }) => [{ scope: "owner", subject: id }],
  refused: refusal,
  formBytes: maxFormBytes,
};

/** POST with `ownerVisitLink` (routes.ts). */
export async function handleOwnerVisit(
  request: Request,
  grant: LinkGrant,
  deps: OwnerVisitDeps,
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const { subject: id, token } = grant;
  try {
    const form = grant.form ?? (await readSmallForm(request, maxFormBytes));
    if (!form) return refusal();
    const lead = await deps.store.get(id);
    if (!lead) return refusal();
    const back = (query: string) =>
      new Response(null, {
        status: 303,
        headers: {
          // Relative to …/lead/<id>/visit: the request page, whatever prefix a proxy strips.
          Location: `../${encodeURIComponent(id)}?token=${encodeURIComponent(token)}&${query}`,
          "Cache-Control": "no-store",
        },
      });
    const expectedSequence = Number(form.get("sequence"));
    if (!Number.isInteger(expectedSequence)) return back("visit=problem&why=stale");
    const action = form.get("action") ?? "";
    if (action === "confirm" || action === "decline") {
      if (action === "decline" && form.get("confirm") !== "yes")
        return back("visit=problem&why=decline-confirm");
      const result = await answerHeld(lead, action, expectedSequence, deps.store, now);
      if (!result.ok) return back("visit=problem&why=stale");
      deps.onChanged?.(id);
      log.info(action === "confirm" ? "held visit confirmed" : "held visit turned down", { id });
      return back(`visit=${action === "confirm" ? "confirmed" : "declined"}`);
    }
    if (action.startsWith("plan-")) {
      const answer = await changeOwnerPlan(lead, action, form, expectedSequence, {
        store: deps.store,
        facts: deps.booking(),
        words: await deps.wordsOf(lead.contentVersion),
        now,
        log,
        onChanged: deps.onChanged,
      });
      return "problem" in answer
        ? back(`visit=problem&why=${answer.problem}`)
        : back(`visit=${answer.done}&day=${answer.day}`);
    }
    // A plan's visits replace the request's one visit: they are changed as the plan's.
    if (lead.plan) return back("visit=problem&why=plan-one-time");
    if (action === "cancel") {
      if (!lead.visit) return back("visit=problem&why=stale");
      if (form.get("confirm") !== "yes") return back("visit=problem&why=confirm");
      const result = await deps.store.changeRequest(
        id,
        {
          expectedSequence,
          status: "contacted",
          visit: null,
          event: { actor: "owner", kind: "visit-cancelled" },
          visitorEmail: visitEmail("cancelled", lead),
        },
        now,
      );
      if (!result.ok) return back("visit=problem&why=stale");
      deps.onChanged?.(id);
      log.info("visit cancelled by the owner", { id });
      return back("visit=cancelled");
    }
    if (action !== "book") return back("visit=problem&why=action");
    let time: { start: Date; end: Date };
    const window = form.get("window");
    if (window !== null && window !== "") {
      const chosen = lead.preferredWindows?.[Number(window)];
      if (!chosen) return back("visit=problem&why=stale");
      time = windowBooking(chosen);
      if (time.start.getTime() < now.getTime()) return back("visit=problem&why=past");
    } else {
      const checked = checkBooking(
        {
          date: form.get("date") ?? "",
          time: form.get("time") ?? "",
          minutes: Number(form.get("minutes")),
        },
        now,
      );
      if (!checked.ok) return back(`visit=problem&why=${checked.problem}`);
      time = checked;
    }
    const rebooking = Boolean(lead.visit);
    const facts = deps.booking();
    const settings = facts.booking;
    const travel = settings.travelMinutes * 60_000;
    const span = {
      from: new Date(time.start.getTime() - travel),
      to: new Date(time.end.getTime() + travel),
    };
    const anyway = form.get("anyway") === "yes";
    const result = await deps.store.changeRequest(
      id,
      {
        expectedSequence,
        status: "booked",
        visit: time,
        event: {
          actor: "owner",
          kind: rebooking ? "rebooked" : "booked",
          details: { start: time.start.toISOString(), end: time.end.toISOString() },
        },
        visitorEmail: visitEmail(rebooking ? "rebooked" : "booked", lead),
        capacity: {
          ...span,
          fits: (others) =>
            anyway ||
            fitsAt({
              settings,
              busy: busyIn(others, span.from, span.to, planRulesOf(facts)),
              start: time.start,
              end: time.end,
            }),
        },
      },
      now,
    );
    if (!result.ok && result.reason === "taken") return back("visit=problem&why=full");
    if (!result.ok) return back("visit=problem&why=stale");
    deps.onChanged?.(id);
    log.info(rebooking ? "visit moved by the owner" : "visit booked by the owner", { id });
    return back(`visit=${rebooking ? "rebooked" : "booked"}`);
  } catch (error) {
    log.error("booking failed", { id, error: errorMessage(error) });
    return pageResponse(
      503,
      refusalPage(
        "Quote request",
        "The request cannot be changed right now. Please try again in a minute.",
      ),
    );
  }
}
