/**
 * A feature's routes as the function serves them (router.ts): the method and path matched, the
 * limit asked and the link verified before the handler runs, at the test's own clock. The store is
 * the handler's, given by the test; the router's own 503 is tested on the assembled function
 * (routes.test.ts).
 */
import type { LinkSigners } from "../../functions/send-contact-email/links/signed-links.ts";
import { createRouter, type Route } from "../../functions/send-contact-email/router.ts";

export function routed(routes: Route[], signers: LinkSigners, now: () => Date) {
  const route = createRouter({
    routes,
    signers,
    store: () => null,
    retryAfterSeconds: () => 60,
    allowedOrigins: [],
    now,
  });
  return (request: Request, peer = "127.0.0.1") => route(request, peer);
}
