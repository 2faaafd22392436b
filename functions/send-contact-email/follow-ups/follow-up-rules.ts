/**
 * When a customer gets a follow-up (docs/owner.md, "Follow-ups"), as pure functions of the request
 * and the time, so that the job that sends them (follow-up-job.ts) and the request's page that
 * shows them (owner/request-page.ts) say the same:
 *
 * - a **review request**, queued when the job is marked won, or once its booked visit has ended,
 *   and sent REVIEW_AFTER_HOURS later (1: a mistaken tap can be taken back): the same message for
 *   every customer (no question about how it went first: review sites forbid asking only happy
 *   customers);
 * - a **follow-up** to a quote still `new` or `contacted` N days after it came or was last
 *   changed (FOLLOW_UP_AFTER_DAYS; off by default), queued and sent then.
 *
 * Each is sent at most once per request (its key). A change of status before it goes stops it
 * (`reasonToStop`); should the rule hold again later (a Won taken back, then set again; a quote
 * answered and quiet again for N days), the stopped one is queued again, never a second one. A
 * follow-up whose rule began to hold while it was off, or more than three days ago, is not
 * queued: turning a setting on never mails last year's customers.
 */
import type { FollowUpKind } from "../store/follow-up-store.ts";

export type FollowUpSettings = {
  /** The owner's review page (e.g. a Google review link); null: no review requests. */
  reviewUrl: string | null;
  /** Hours from a job marked won (or a visit's end) to its review request. */
  reviewAfterHours: number;
  /** Days a quiet quote waits for its follow-up; null: none (the default). */
  followUpAfterDays: number | null;
  /** Follow-ups of any kind to one address in 24 hours, at most. */
  perAddressPerDay: number;
};

export const followUpDefaults: FollowUpSettings = {
  reviewUrl: null,
  reviewAfterHours: 1,
  followUpAfterDays: null,
  perAddressPerDay: 1,
};

const hour = 3_600_000;
const day = 24 * hour;

/** How long after its rule began to hold a follow-up may still be queued; later, never. */
export const followUpCatchUpMs = 3 * day;
/** How far back the job looks for requests a follow-up may be due for. */
export const followUpLookBackMs = 120 * day;

/** What the rules read of a request (a stored one; `visit` once a visit is booked). */
export type FollowUpLead = {
  id: string;
  status: string;
  createdAt: string;
  statusSetAt?: string | null;
  visit?: { start: string; end: string } | null;
  /** When a visit was last booked, moved or cancelled (booking/). */
  visitChangedAt?: string | null;
};

/** The request's last change: received, its status set by the owner, its visit booked or moved. */
const lastChange = (lead: FollowUpLead) =>
  Math.max(
    ...[lead.createdAt, lead.statusSetAt, lead.visitChangedAt]
      .filter((time): time is string => Boolean(time))
      .map(Date.parse),
  );

/** Statuses a review request suits: the work is done or booked. */
const reviewable = new Set(["won", "booked"]);
/** Statuses of a quote still waiting for the customer's answer. */
const quiet = new Set(["new", "contacted"]);

export function followUpKey(kind: FollowUpKind, requestId: string): string {
  return `${kind}:${requestId}`;
}

/** When this request's follow-up of that kind may be queued, and when sent; null: it has none. */
export function timing(
  kind: FollowUpKind,
  lead: FollowUpLead,
  settings: FollowUpSettings,
): { queueAt: Date; dueAt: Date } | null {
  const at = (queueAt: number, delayMs = 0) => ({
    queueAt: new Date(queueAt),
    dueAt: new Date(queueAt + delayMs),
  });
  if (kind === "review") {
    if (!settings.reviewUrl) return null;
    const delay = settings.reviewAfterHours * hour;
    if (lead.status === "won") return at(lastChange(lead), delay);
    if (lead.status === "booked" && lead.visit) return at(Date.parse(lead.visit.end), delay);
    return null;
  }
  if (!settings.followUpAfterDays || !quiet.has(lead.status)) return null;
  return at(lastChange(lead) + settings.followUpAfterDays * day);
}

/** When this request's follow-up of that kind falls due, or null when it has none. */
export function dueAt(kind: FollowUpKind, lead: FollowUpLead, settings: FollowUpSettings) {
  return timing(kind, lead, settings)?.dueAt ?? null;
}

export type DueFollowUp = { kind: FollowUpKind; key: string; dueAt: Date };

/** The follow-ups of these requests to queue by `now` (each sent at its `dueAt`). */
export function followUpsToQueue<T extends FollowUpLead>(
  leads: readonly T[],
  now: Date,
  settings: FollowUpSettings,
): Array<DueFollowUp & { lead: T }> {
  const queue: Array<DueFollowUp & { lead: T }> = [];
  for (const lead of leads)
    for (const kind of ["review", "follow-up"] as const) {
      const when = timing(kind, lead, settings);
      const late = when ? now.getTime() - when.queueAt.getTime() : -1;
      if (when && late >= 0 && late <= followUpCatchUpMs)
        queue.push({ kind, key: followUpKey(kind, lead.id), dueAt: when.dueAt, lead });
    }
  return queue;
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
