/**
 * A form of the owner's request page that changes the visit or the plan: it posts to …/lead/<id>/visit
 * (owner-visit-routes.ts) with the link's token and the visit's SEQUENCE as the page showed it, so
 * that a double tap, or a page left open while something else changed, changes nothing.
 */
import type { StoredContactRequest } from "../store/store.ts";
import { Hidden } from "../views/parts.ts";
import { h, type ReactNode } from "../views/react.ts";

/** What a form asks the visit's route to do (owner-visit-routes.ts, owner-plan-changes.ts). */
export type OwnerVisitAction =
  | "book"
  | "cancel"
  | "plan-skip"
  | "plan-unskip"
  | "plan-move"
  | "plan-pause"
  | "plan-resume"
  | "plan-every"
  | "plan-cancel"
  | "confirm"
  | "decline";

type VisitFormProps = {
  request: Pick<StoredContactRequest, "id" | "visitSequence">;
  token: string;
  action: OwnerVisitAction;
  /** More hidden fields: one of the visitor's times (`window`), a plan's visit (`occurrence`). */
  fields?: Record<string, string | number>;
  children?: ReactNode;
};

export function VisitForm({ request, token, action, fields = {}, children }: VisitFormProps) {
  return h(
    "form",
    { method: "post", action: `${request.id}/visit?token=${encodeURIComponent(token)}` },
    h(Hidden, { fields: { token, sequence: request.visitSequence, action, ...fields } }),
    children,
  );
}
