/**
 * When a customer gets a follow-up (docs/owner.md, "Follow-ups"), as pure functions of the request
 * and the time, so that the job that sends them (follow-up-job.ts) and the request's page that
 * shows them (owner/request-page.ts) say the same:
 *
 * - a **review request**, when the job is marked won, or once its booked visit has passed: the
 *   same message for every customer (no question about how it went first: review sites forbid
 *   asking only happy customers), an hour after the mark, so that a mistaken tap can be taken back;
 * - a **follow-up** to a quote still `new` or `contacted` N days after it came or was last
 *   changed (FOLLOW_UP_AFTER_DAYS; off by default).
 *
 * Each is sent at most once per request (its key), and stopped if the status changes before it
 * goes (`reasonToStop`). One that fell due while it was off, or more than three days ago, is not
 * sent: turning the setting on never mails last year's customers.
 */
import type { FollowUpKind } from "./follow-up-store.ts";

export type FollowUpSettings = {
  /** The owner's review page (e.g. a Google review link); null: no review requests. */
  reviewUrl: string | null;
  /** Days a quiet quote waits for its follow-up; null: none (the default). */
  followUpAfterDays: number | null;
  /** Follow-ups of any kind to one address in 24 hours, at most. */
  perAddressPerDay: number;
};

export const followUpDefaults: FollowUpSettings = {
  reviewUrl: null,
  followUpAfterDays: null,
  perAddressPerDay: 1,
};

const hour = 3_600_000;
const day = 24 * hour;

/** From a job marked won (or a visit's end) to its review request. */
export const reviewDelayMs = hour;
/** How late a follow-up may still be sent; older ones are skipped. */
export const followUpCatchUpMs = 3 * day;
/** How far back the job looks for requests a follow-up may be due for. */
export const followUpLookBackMs = 120 * day;

/** What the rules read of a request (a stored one; `visit` once a visit is booked). */
export type FollowUpLead = {
  id: string;
  status: string;
  createdAt: string;
  statusChangedAt?: string | null;
  visit?: { start: string; end: string } | null;
};

const lastChange = (lead: FollowUpLead) => Date.parse(lead.statusChangedAt ?? lead.createdAt);

/** Statuses a review request suits: the work is done or booked. */
const reviewable = new Set(["won", "booked"]);
/** Statuses of a quote still waiting for the customer's answer. */
const quiet = new Set(["new", "contacted"]);

export function followUpKey(kind: FollowUpKind, requestId: string): string {
  return `${kind}:${requestId}`;
}

/** When this request's follow-up of that kind falls due, or null when it has none. */
export function dueAt(kind: FollowUpKind, lead: FollowUpLead, settings: FollowUpSettings) {
  if (kind === "review") {
    if (!settings.reviewUrl) return null;
    if (lead.status === "won") return new Date(lastChange(lead) + reviewDelayMs);
    if (lead.status === "booked" && lead.visit)
      return new Date(Date.parse(lead.visit.end) + reviewDelayMs);
    return null;
  }
  if (!settings.followUpAfterDays || !quiet.has(lead.status)) return null;
  return new Date(lastChange(lead) + settings.followUpAfterDays * day);
}

export type DueFollowUp = { kind: FollowUpKind; key: string; dueAt: Date };

/** The follow-ups of these requests due by `now` and not too late to send. */
export function dueFollowUps<T extends FollowUpLead>(
  leads: readonly T[],
  now: Date,
  settings: FollowUpSettings,
): Array<DueFollowUp & { lead: T }> {
  const due: Array<DueFollowUp & { lead: T }> = [];
  for (const lead of leads)
    for (const kind of ["review", "follow-up"] as const) {
      const at = dueAt(kind, lead, settings);
      const late = at ? now.getTime() - at.getTime() : -1;
      if (at && late >= 0 && late <= followUpCatchUpMs)
        due.push({ kind, key: followUpKey(kind, lead.id), dueAt: at, lead });
    }
  return due;
}

/** The follow-ups a request will get if nothing changes, for its page. */
export function plannedFollowUps(lead: FollowUpLead, settings: FollowUpSettings): DueFollowUp[] {
  return (["review", "follow-up"] as const).flatMap((kind) => {
    const at = dueAt(kind, lead, settings);
    return at ? [{ kind, key: followUpKey(kind, lead.id), dueAt: at }] : [];
  });
}

/**
 * Why a queued follow-up must not go now, or null to send it: a follow-up stops at any change of
 * status; a review request once the status is neither won nor booked.
 */
export function reasonToStop(
  item: { kind: FollowUpKind; queuedStatus: string },
  lead: Pick<FollowUpLead, "status">,
): string | null {
  const changed = `the status changed to ${lead.status}`;
  if (item.kind === "review") return reviewable.has(lead.status) ? null : changed;
  return lead.status === item.queuedStatus ? null : changed;
}
