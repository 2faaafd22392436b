/**
 * The inbox's filters as its address carries them (a GET form: the page works without script, and
 * a filtered view can be bookmarked): `status`, `town`, `service`, `period`, `q` (search) and
 * `page`. A value the inbox does not offer is read as "any" rather than refused: a hand-edited
 * address still shows the inbox. The filtering itself is `npm run leads`'s
 * (leads/lead-filters.ts).
 */
import { areas } from "../../../shared/areas.ts";
import { serviceOptions } from "../../../shared/contact-fields.ts";
import { leadStatuses, statusLabels } from "../base/lead-status.ts";
import { type LeadFilter, parseLeadFilter } from "../leads/lead-filters.ts";

export type Choice = { value: string; label: string };

/** "" is every request but spam; "all" adds spam; any status alone. */
export const statusChoices: Choice[] = [
  { value: "", label: "All but spam" },
  ...leadStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
  { value: "all", label: "All, spam included" },
];

export const townChoices: Choice[] = [
  { value: "", label: "Any town" },
  // The five towns are the spec's structure (code), not content: a top-level list is safe.
  ...areas.map((area) => ({ value: area.name, label: area.name })),
  { value: "outside", label: "Outside the area" },
  { value: "none", label: "No ZIP given" },
];

export const serviceChoices: Choice[] = [
  { value: "", label: "Any service" },
  ...serviceOptions.map((option) => ({ value: option.value, label: option.label })),
];

export const periodChoices: Choice[] = [
  { value: "", label: "Any time" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "365d", label: "Last 12 months" },
];

export type InboxQuery = {
  status: string;
  town: string;
  service: string;
  period: string;
  /** The search as typed (at most 100 characters). */
  q: string;
  /** 1-based. */
  page: number;
  /** The week whose numbers head the page: "" this week so far, "last" the week before. */
  week: "" | "last";
};

const offered = (choices: Choice[], value: string | null) =>
  choices.some((choice) => choice.value === value) ? (value as string) : "";

export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const page = Number(params.get("page"));
  return {
    status: offered(statusChoices, params.get("status")),
    town: offered(townChoices, params.get("town")),
    service: offered(serviceChoices, params.get("service")),
    period: offered(periodChoices, params.get("period")),
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    week: params.get("week") === "last" ? "last" : "",
  };
}

/** Every status but spam: the inbox never lists spam unless asked (not even the owner's). */
const notSpam = leadStatuses.filter((status) => status !== "spam").join(",");

export function inboxFilter(query: InboxQuery, now: Date): LeadFilter {
  return parseLeadFilter(
    {
      status: query.status === "all" ? undefined : query.status || notSpam,
      all: query.status === "all",
      town: query.town || undefined,
      service: query.service || undefined,
      since: query.period || undefined,
      search: query.q || undefined,
    },
    now,
  );
}

/** The query as address parameters, the token first; `page` only past the first. */
export function inboxParams(token: string, query: InboxQuery, page = query.page): string {
  const params = new URLSearchParams({ token });
  for (const name of ["status", "town", "service", "period", "q", "week"] as const)
    if (query[name]) params.set(name, query[name]);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** True when any filter narrows the list (the page offers to clear them). */
export function isFiltered(query: InboxQuery): boolean {
  return Boolean(query.status || query.town || query.service || query.period || query.q);
}
