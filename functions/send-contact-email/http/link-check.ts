/**
 * The one check of a private link, made by the router before a page's handler runs (routes.ts
 * says which rule each route needs). A rule names the (scope, subject) pairs whose token opens the
 * route, first match wins (the owner's page: `owner` acts, `owner-read` only reads), and what a
 * refused link is shown; each feature keeps its own rules and refusal beside its handler.
 *
 * The token travels in the link's query. A page rendered by an earlier version posted it in its
 * form instead: for a rule with `formBytes`, a POST without one in the query has its form read, up
 * to that many bytes and never more, and the handler is given the form it read. A token in the
 * query is checked before a byte of the body is read.
 */

import type { LinkScope, LinkSigners } from "../links/signed-links.ts";
import { readSmallForm } from "./private-page.ts";

/** A link the router verified: the handler reads its scope, subject and token from here. */
export type LinkGrant = {
  scope: LinkScope;
  subject: string;
  token: string;
  /** The form the check had to read for the token (an earlier version's page), if it did. */
  form?: URLSearchParams;
};

export type LinkRule = {
  /** The (scope, subject) pairs that open the route for these path parameters, in order. */
  accepts(params: Record<string, string>): readonly { scope: LinkScope; subject: string }[];
  /**
   * What a missing, altered, expired, revoked or other-scope token is answered; given the request,
   * so that it can offer a new link by e-mail from where it stands (new-link-offer.ts).
   */
  refused(request: Request): Promise<Response>;
  /** A POST may carry its token in a form of at most this many bytes. */
  formBytes?: number;
};

export async function checkLink(
  rule: LinkRule,
  request: Request,
  params: Record<string, string>,
  signers: LinkSigners,
  now: Date,
): Promise<LinkGrant | Response> {
  const linked = new URL(request.url).searchParams.get("token");
  let form: URLSearchParams | undefined;
  if (linked === null && rule.formBytes !== undefined && request.method === "POST")
    form = (await readSmallForm(request, rule.formBytes)) ?? undefined;
  const token = linked ?? form?.get("token") ?? "";
  for (const { scope, subject } of rule.accepts(params))
    if (await signers[scope].verify(subject, token, now))
      return form ? { scope, subject, token, form } : { scope, subject, token };
  return rule.refused(request);
}
