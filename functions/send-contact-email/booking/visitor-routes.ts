/**
 * The visitor's request page on both hosts (its routes: routes.ts):
 *   GET  …/send-contact-email/request/<id>?token=…            shows the request; changes nothing
 *   POST …/send-contact-email/request/<id>                    book a time, other times, the
 *                                                             address, or cancel
 *   GET  …/send-contact-email/request/<id>/visit.ics?token=…  the booked visit for a calendar
 * The token is the `visitor` scope's (links/), bound to this request (`visitorPageLink`, checked
 * by the router): an owner's token never opens it, and a visitor's never opens the owner's page.
 * A bad, expired or other-scope token gets 403 and nothing of the request. Each POST is stored with its event and the owner's notices in one
 * transaction, then 303 back to the page (reloading sends nothing again). A request with a plan
 * also posts the plan's changes (visitor-plan.ts) and shows a visit's times to move to (?move=).
 *
 * A link anyone may hold posts to a page that writes and tells the owner, so its posts are bounded
 * three ways: per client address (an in-process or database limiter, like the form's), per request
 * in the change's own transaction (so it holds across instances and hosts), and in total per
 * request (what one request may store). Over a limit: 429, a page in plain words and Retry-After.
 */

import {
  checkWindows,
  dayWindows,
  formatWindow,
  type PreferredWindow,
  type WindowFacts,
} from "../../../shared/quote/preferred-windows.ts";
import type { ContentSource } from "../base/content-source.ts";
import { errorMessage, type Logger, silentLogger } from "../base/log.ts";
import { visitWords } from "../base/visit.ts";
import type { LinkGrant, LinkRule } from "../http/link-check.ts";
import { pageResponse, readSmallForm, refusalPage } from "../http/private-page.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import { leadPageUrl } from "../links/page-urls.ts";
import type { LinkSigner } from "../links/signed-links.ts";
import { headerSafe } from "../mail/email.ts";
import type { BookingStore, RequestChange } from "../store/booking-store.ts";
import type { NoticeChannel, OwnerStore } from "../store/owner-store.ts";
import type { StoredContactRequest } from "../store/store.ts";
import { visitCalendar, visitEmail } from "./visit-changes.ts";
import { visitorActionNotices } from "./visitor-action-notices.ts";
import { bookingFor, justTaken, offeredTimes } from "./visitor-booking.ts";
import { isOpen, maxAddressLength, renderVisitorPage } from "./visitor-page.ts";
import { isPlanAction, movePage, planChangeFor, planTaken, stalePlan } from "./visitor-plan.ts";

export type VisitorPageDeps = {
  store: OwnerStore & BookingStore;
  /** The owner's links in the notices about what the visitor did: e-mail acts, push reads. */
  ownerSigner: LinkSigner;
  ownerReadSigner: LinkSigner;
  functionUrl: string;
  channels: readonly NoticeChannel[];
  /** For the calendar file: the sender's domain names the event (its UID). */
  mailFrom: string;
  businessName: string;
  /** The live version (new times are offered and checked against it); each request's own. */
  content: Pick<ContentSource, "live" | "of">;
  linkDays: number;
  limits: VisitorLimits;
  /**
   * The owner's notices of visitors' changes, all requests together (VISITOR_NOTICES_PER_HOUR):
   * past it a change's notice waits until the window frees, and the request's later changes join
   * it, so that the owner still hears of every change, in fewer e-mails and pushes.
   */
  noticeCap?: RateLimiter;
  /**
   * A change of this request was stored: the queues send what it queued, and stop what it stops
   * (after the answer).
   */
  onChanged?: (id: string) => void;
  now?: () => Date;
  log?: Logger;
};

export type VisitorLimits = {
  /** Changes per request in `windowMs`, and in all (VISITOR_CHANGES_PER_HOUR, VISITOR_CHANGES_MAX). */
  changes: { max: number; windowMs: number; total: number };
  /** How long the owner's notice waits for more changes to join it (VISITOR_NOTICE_HOLD_SECONDS). */
  noticeHoldMs: number;
};

/** `phone`: the live version's, as people read it. */
function tooMany(retryAfterSeconds: number | null, phone: string): Promise<Response> {
  const wait =
    retryAfterSeconds === null
      ? null
      : retryAfterSeconds < 90
        ? `${retryAfterSeconds} seconds`
        : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return pageResponse(
    429,
    refusalPage(
      "Your request",
      wait
        ? `This request has been changed many times in a short while, so the page takes a break. Please try again in ${wait}, or call us at ${phone}.`
        : `This request has been changed online as many times as it can be. Please call us to change it: ${phone}.`,
    ),
    // Without Retry-After: waiting does not lift the total.
    retryAfterSeconds === null ? {} : { "Retry-After": String(retryAfterSeconds) },
  );
}

/** Three rows of day and time of day, a few hundred bytes; an address of 300 characters. */
const maxFormBytes = 4096;

const refusal = () =>
  pageResponse(
    403,
    refusalPage(
      "Your request",
      "This link is not valid or has expired. Please use the link in our latest e-mail, or call us.",
    ),
  );

/** The `visitor` scope only, for this request; posts of an earlier page carry it in the form. */
export const visitorPageLink: LinkRule = {
  accepts: ({ id = "" }) => [{ scope: "visitor", subject: id }],
  refused: refusal,
  formBytes: maxFormBytes,
};

/**
 * Counts the posts of each client address (VISITOR_RATE_LIMIT_MAX), good link or not: the router
 * asks before it checks the link. Null: within the limit.
 */
export async function limitVisitorPosts(
  limiter: RateLimiter,
  clientAddress: string,
  phone: string,
): Promise<Response | null> {
  const decision = await limiter.consume(`visitor-page:${clientAddress}`);
  return decision.allowed ? null : tooMany(decision.retryAfterSeconds, phone);
}

/** The windows a form sent, the rows with a day, in order. */
function windowsFrom(form: URLSearchParams): PreferredWindow[] | null {
  const dates = form.getAll("date");
  const windows = form.getAll("window");
  const chosen: PreferredWindow[] = [];
  for (const [index, date] of dates.entries()) {
    if (!date) continue;
    const window = windows[index] ?? "";
    if (!(dayWindows as readonly string[]).includes(window)) return null;
    chosen.push({ date, window: window as PreferredWindow["window"] });
  }
  return chosen;
}

/** What a render of the page shows besides the request: after a 303, a problem, a visit to move. */
type PageState = {
  saved?: string | null;
  on?: string | null;
  problem?: string | null;
  /** The plan's visit (its series date) whose times are shown, and the first day shown. */
  move?: string | null;
  from?: string | null;
};

async function renderFor(
  lead: StoredContactRequest,
  token: string,
  now: Date,
  deps: VisitorPageDeps,
  state: PageState,
): Promise<string> {
  const live = deps.content.live().facts;
  const moving = await movePage(
    deps.store,
    lead,
    live,
    now,
    isOpen(lead) ? state.move : null,
    state.from,
  );
  return renderVisitorPage({
    request: lead,
    events: await deps.store.listEvents(lead.id),
    token,
    now,
    words: await deps.content.of(lead.contentVersion),
    live,
    booking: await offeredTimes(deps.store, lead, live, now, state.from),
    saved: state.saved ?? null,
    on: state.on ?? null,
    problem: state.problem ?? moving.problem,
    move: moving.move,
    linkDays: deps.linkDays,
  });
}

/** GET and HEAD of the page and the calendar file, POST of the page, with `visitorPageLink`. */
export async function handleVisitorPage(
  request: Request,
  grant: LinkGrant,
  deps: VisitorPageDeps,
  part: "page" | "calendar" = "page",
): Promise<Response> {
  const log = deps.log ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const url = new URL(request.url);
  const { subject: id, token } = grant;
  try {
    if (request.method === "GET" || request.method === "HEAD") {
      const lead = await deps.store.get(id);
      if (!lead || lead.status === "spam") return refusal();
      if (part === "calendar") return calendarFile(lead, deps, now);
      const query = (name: string) => url.searchParams.get(name);
      const html = await renderFor(lead, token, now, deps, {
        saved: query("saved"),
        on: query("on"),
        move: query("move"),
        from: query("from"),
      });
      return pageResponse(200, request.method === "HEAD" ? "" : html);
    }
    const form = grant.form ?? (await readSmallForm(request, maxFormBytes));
    if (!form) return refusal();
    const lead = await deps.store.get(id);
    if (!lead || lead.status === "spam") return refusal();
    const live = deps.content.live().facts;
    const again = async (problem: string, status = 400, move?: string) =>
      pageResponse(status, await renderFor(lead, token, now, deps, { problem, move }));
    if (!isOpen(lead)) return again("This request is closed. To start again, please call us.");
    const action = form.get("action");
    const planAction = lead.plan && isPlanAction(action) ? action : null;
    const change = planAction
      ? await planChangeFor(
          planAction,
          form,
          lead,
          deps.store,
          live,
          await deps.content.of(lead.contentVersion),
          now,
        )
      : action === "book"
        ? await bookingFor(form.get("start"), lead, deps.store, live, now)
        : changeFor(action, form, lead, now, live);
    if ("problem" in change) {
      // A plan's refusal carries its status (and the visit whose times it shows again).
      const { status, move } = change as { status?: number; move?: string };
      return again(change.problem, status ?? ("taken" in change ? 409 : 400), move);
    }
    const eventId = crypto.randomUUID();
    const links = {
      email: leadPageUrl(deps.functionUrl, id, await deps.ownerSigner.sign(id, now)),
      push: leadPageUrl(deps.functionUrl, id, await deps.ownerReadSigner.sign(id, now)),
    };
    const { limits } = deps;
    const room = await deps.noticeCap?.consume("visitor-notices", now.getTime());
    const holdMs =
      room && !room.allowed
        ? Math.max(limits.noticeHoldMs, room.retryAfterSeconds * 1000)
        : limits.noticeHoldMs;
    if (room && !room.allowed) log.warn("visitors' notices over the hourly cap: held", { id });
    const result = await deps.store.changeRequest(
      id,
      {
        ...change.change,
        event: { ...change.change.event, id: eventId },
        notices: visitorActionNotices(
          lead,
          change.action,
          eventId,
          { ownerPage: (channel) => links[channel] },
          deps.channels,
          now,
          holdMs,
        ),
        limit: { actor: "visitor", ...limits.changes },
      },
      now,
    );
    if (!result.ok && result.reason === "limited") {
      log.warn("visitor's changes limited", { id, total: result.retryAt === null });
      return tooMany(
        result.retryAt === null
          ? null
          : Math.max(1, Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000)),
        deps.content.live().facts.business.phone.display,
      );
    }
    const { on } = change as { on?: string };
    if (!result.ok && result.reason === "taken") {
      log.info("a visitor's time was just taken", { id });
      return planAction
        ? again(planTaken(planAction), 409, planAction === "move" ? on : undefined)
        : again(justTaken, 409);
    }
    if (!result.ok && result.reason === "conflict" && planAction) return again(stalePlan, 409);
    if (!result.ok && result.reason === "conflict" && action === "book")
      return again("Your visit was booked or changed meanwhile: here is where it stands.", 409);
    if (!result.ok) return refusal();
    deps.onChanged?.(id);
    log.info("visitor changed their request", { id, action });
    const saved = action === "book" && result.request.visitHeld ? "held" : action;
    const location = `${encodeURIComponent(id)}?token=${encodeURIComponent(token)}&saved=${saved}${on ? `&on=${on}` : ""}`;
    return new Response(null, {
      status: 303,
      headers: { Location: location, "Cache-Control": "no-store" },
    });
  } catch (error) {
    log.error("visitor page failed", { id, error: errorMessage(error) });
    return pageResponse(
      503,
      refusalPage(
        "Your request",
        "Your request cannot be read right now. Please try again in a minute, or call us.",
      ),
    );
  }
}

type Planned =
  | {
      change: Omit<RequestChange, "notices">;
      action: Parameters<typeof visitorActionNotices>[1];
    }
  | { problem: string };

function changeFor(
  action: string | null,
  form: URLSearchParams,
  lead: StoredContactRequest,
  now: Date,
  openDays: WindowFacts,
): Planned {
  if (action === "times") {
    const windows = windowsFrom(form);
    if (!windows || windows.length === 0) return { problem: "Please choose at least one day." };
    const problem = checkWindows(windows, now, openDays);
    if (problem) return { problem };
    return {
      change: {
        preferredWindows: windows,
        event: {
          actor: "visitor",
          kind: "asked-for-times",
          details: { preferredWindows: windows },
        },
      },
      action: { kind: "asked-for-times", times: windows.map(formatWindow).join("; ") },
    };
  }
  if (action === "address") {
    const address = headerSafe(form.get("address") ?? "", maxAddressLength + 1);
    if (!address) return { problem: "Please enter the address to clean." };
    if (address.length > maxAddressLength)
      return { problem: `Please keep the address under ${maxAddressLength} characters.` };
    return {
      change: {
        serviceAddress: address,
        event: { actor: "visitor", kind: "added-address", details: { address } },
      },
      action: { kind: "added-address", address },
    };
  }
  if (action === "cancel") {
    if (form.get("confirm") !== "yes")
      return { problem: "Please tick the box to confirm that you want to cancel." };
    const visit = lead.visit ? visitWords(lead.visit) : null;
    return {
      change: {
        status: "lost",
        ...(lead.visit
          ? {
              visit: null,
              expectedSequence: lead.visitSequence,
              visitorEmail: visitEmail("cancelled", lead),
            }
          : {}),
        event: { actor: "visitor", kind: "cancelled-request", details: visit ? { visit } : {} },
      },
      action: { kind: "cancelled-request", visit },
    };
  }
  return { problem: "Please use one of the page's buttons." };
}

async function calendarFile(
  lead: StoredContactRequest,
  deps: VisitorPageDeps,
  now: Date,
): Promise<Response> {
  // A plan's file is its series, with the live version's closed days left out.
  const facts = deps.content.live().facts;
  // A time held for the owner's confirmation is not in anyone's calendar until it is confirmed.
  const file = lead.visitHeld
    ? null
    : visitCalendar(lead, deps.mailFrom, deps.businessName, now, facts);
  if (!file) return refusal();
  return new Response(file, {
    status: 200,
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${lead.plan ? "visits" : "visit"}.ics"`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
