/**
 * Matches a request against the route table (routes.ts) on the path after `…/send-contact-email`
 * (Supabase strips /functions/v1; both forms are accepted), then, in this order, before the
 * route's handler runs:
 *   1. a method the path does not take: 405 with Allow (an unknown path: 404, JSON);
 *   2. the route's own limit, which counts good links and bad alike (the visitor's posts);
 *   3. its private link (links/link-check.ts): the token verified and handed over, or the refusal
 *      its feature shows;
 *   4. the store: a route that needs it while it is not open (yet, or any more) is answered 503
 *      with Retry-After, in words (docs/contact-api.md), and nothing else of it runs.
 * A private HTML page is isolated from other windows with Cross-Origin-Opener-Policy, whatever it
 * answers; public pages are not (shared/security-headers.ts).
 */
import type { FunctionStore } from "./function-store.ts";
import { decideCors } from "./http/cors.ts";
import { checkLink, type LinkGrant, type LinkRule } from "./http/link-check.ts";
import { pageResponse, refusalPage } from "./http/private-page.ts";
import type { LinkSigners } from "./links/signed-links.ts";
import { StoreUnavailableError } from "./store/store.ts";

/** What a route's handler is given: read `grant` only on a route with a link, `store` with one. */
export type RouteContext = {
  params: Record<string, string>;
  peer: string;
  readonly grant: LinkGrant;
  readonly store: FunctionStore;
};

export type Route = {
  /** The methods, separated by spaces ("GET HEAD POST"). */
  method: string;
  /** After `…/send-contact-email`; `:id`, `:hash`, `:name`, `:page`, `:version` and `:file` are parameters of their own shape. */
  path: string;
  /** How the router's own answers (405, 503) are written: as JSON, a private page, or a bare file. */
  answers: "json" | "page" | "file";
  /** The words of a JSON 405, when the route has its own ("Use POST." by default). */
  wrongMethod?: string;
  /** A private page: Cross-Origin-Opener-Policy on every answer. */
  privatePage?: boolean;
  /** Refuses a request before its link is checked (a Response), or lets it on (null). */
  limit?: (request: Request, peer: string) => Promise<Response | null>;
  link?: LinkRule;
  /** Answered 503 by the router while the store is not open. */
  needsStore?: boolean;
  handle(request: Request, context: RouteContext): Promise<Response>;
};

export type RouterOptions = {
  routes: readonly Route[];
  signers: LinkSigners;
  /** The open store, or null. */
  store: () => FunctionStore | null;
  /** Seconds until the store is tried again (the 503's Retry-After). */
  retryAfterSeconds: () => number;
  /** For the CORS headers of the router's JSON answers, so a page can read them. */
  allowedOrigins: readonly string[];
  now?: () => Date;
};

const functionName = /\/send-contact-email(\/.*)?$/;
const isolation = { "Cross-Origin-Opener-Policy": "same-origin" };
const paramShapes: Record<string, string> = {
  id: "[0-9a-fA-F-]{1,64}",
  hash: "[0-9a-f]{64}",
  name: "[a-z]{1,20}",
  // A page of the editor's Pages group: a town's or a service page's slug, or "services".
  page: "[a-z]{1,20}(?:-[a-z]{1,20}){0,3}",
  version: "[0-9]{1,9}",
  // A picture's file (shared/content/picture-files.ts): `<id>-<width>.<ext>`.
  file: "[0-9a-f]{32}-[0-9]{1,4}\\.(?:avif|webp|jpg)",
};

function compile(path: string): RegExp {
  const source = path
    .split(/(:[a-z]+)/)
    .map((part) => {
      if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const name = part.slice(1);
      const shape = paramShapes[name];
      if (!shape) throw new Error(`No shape for the route parameter ${part} (${path})`);
      return `(?<${name}>${shape})`;
    })
    .join("");
  return new RegExp(`^${source}$`);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const fileHeaders = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Content-Type-Options": "nosniff",
};

export function createRouter(options: RouterOptions) {
  const table = options.routes.map((route) => ({
    route,
    pattern: compile(route.path),
    methods: route.method.split(" "),
  }));

  /** The router's own answer, in the route's kind. */
  function answer(
    route: Route,
    request: Request,
    status: 405 | 503,
    headers: Record<string, string>,
  ): Promise<Response> | Response {
    const unavailable = status === 503;
    if (route.answers === "page")
      return pageResponse(
        status,
        unavailable
          ? refusalPage(
              "Not available right now",
              "This page cannot be opened for a moment. Please try again in a minute.",
            )
          : refusalPage("Not available this way", "Please use the page's links and buttons."),
        headers,
      );
    if (route.answers === "file")
      return new Response(null, { status, headers: { ...fileHeaders, ...headers } });
    const cors = decideCors(request.headers.get("origin"), options.allowedOrigins).headers;
    const verbs = route.method.split(" ").filter((verb) => verb !== "HEAD" && verb !== "OPTIONS");
    return json(
      status,
      {
        error: unavailable
          ? "The service cannot take this right now. Please try again in a minute."
          : (route.wrongMethod ?? `Use ${verbs.join(" or ")}.`),
      },
      { ...cors, ...headers },
    );
  }

  async function dispatch(request: Request, peer: string): Promise<Response | null> {
    const named = functionName.exec(new URL(request.url).pathname);
    if (!named) return null;
    const path = named[1] ?? "";
    const matched = table.flatMap((entry) => {
      const match = entry.pattern.exec(path);
      return match ? [{ ...entry, params: { ...match.groups } }] : [];
    });
    const first = matched[0];
    if (!first) return null;
    const hit = matched.find((entry) => entry.methods.includes(request.method));
    if (!hit) {
      const allow = [...new Set(matched.flatMap((entry) => entry.methods))].join(", ");
      return isolate(first.route, await answer(first.route, request, 405, { Allow: allow }));
    }
    const { route, params } = hit;
    const limited = await route.limit?.(request, peer);
    if (limited) return isolate(route, limited);
    let grant: LinkGrant | undefined;
    if (route.link) {
      const checked = await checkLink(
        route.link,
        request,
        params,
        options.signers,
        options.now?.() ?? new Date(),
      );
      if (checked instanceof Response) return isolate(route, checked);
      grant = checked;
    }
    const store = options.store();
    if (route.needsStore && !store) {
      const retryAfter = String(options.retryAfterSeconds());
      return isolate(route, await answer(route, request, 503, { "Retry-After": retryAfter }));
    }
    const context: RouteContext = {
      params,
      peer,
      get grant() {
        if (!grant) throw new Error(`${route.path} has no link to read`);
        return grant;
      },
      get store() {
        // A route that did not ask for the store, or one that closed while it ran.
        if (!store) throw new StoreUnavailableError("the store is not open");
        return store;
      },
    };
    return isolate(route, await route.handle(request, context));
  }

  function isolate(route: Route, response: Response): Response {
    if (route.privatePage)
      for (const [name, value] of Object.entries(isolation)) response.headers.set(name, value);
    return response;
  }

  return async (request: Request, peer: string): Promise<Response> =>
    (await dispatch(request, peer)) ?? json(404, { error: "No such function." });
}
