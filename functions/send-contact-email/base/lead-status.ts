/**
 * The statuses a quote request may have: the one list, which the owner's page, `npm run leads`
 * and the stores read. Adding a status is one line here and one INSERT into `lead_statuses` in
 * each schema (supabase/migrations, supabase/sqlite-migrations; a test holds the three equal).
 *
 * - `new` when stored; `spam` when the spam filter caught it (never e-mailed);
 * - `contacted`, `won`, `lost`, `spam`: the owner's buttons;
 * - `booked`: the owner booked a visit (booking/); cancelling the visit goes back to `contacted`.
 */
export const leadStatuses = ["new", "contacted", "booked", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** The statuses the owner sets with a button (`booked` comes from booking a visit). */
export const ownerActions = ["contacted", "won", "lost", "spam"] as const;
export type OwnerAction = (typeof ownerActions)[number];

/** The owner's words for each status. */
export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  booked: "Booked",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

export function isOwnerAction(value: unknown): value is OwnerAction {
  return typeof value === "string" && (ownerActions as readonly string[]).includes(value);
}
