/**
 * What the owner's inbox needs from a store: the requests its filters select, how many, and one
 * page of them, newest first, without reading every request. The filters mean what
 * leads/lead-filters.ts says (`npm run leads` applies the same rules to the whole list in memory;
 * tests/contracts/inbox-store-contract.ts holds the two to the same answers on both databases).
 */
import type { StoredContactRequest } from "./store.ts";

export type RequestSelection = {
  /**
   * Only these statuses. Null: every status but spam (all of them with `all`), and spam the owner
   * marked before it was ever e-mailed, which the list was the only place to read.
   */
  statuses: string[] | null;
  all: boolean;
  services: string[] | null;
  /** Received at or after. */
  since: Date | null;
  /** A town of the area, in any case; "outside" (a ZIP outside the area); "none" (no ZIP). */
  town: string | null;
  /** Only the requests this accepts too: the search (leads/lead-filters.ts). */
  matches?: (request: StoredContactRequest) => boolean;
};

export type InboxStore = {
  /** How many requests the selection takes, and those from `offset`, at most `limit`. */
  selectRequests(
    selection: RequestSelection,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; requests: StoredContactRequest[] }>;
};
