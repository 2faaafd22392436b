import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SkipLink } from "~/components/skip-link";
import { island } from "~/islands/island";
import { localBusiness } from "~/lib/structured-data";
import { pageContentId, pageContentJson } from "../shared/content/page-content";
import { rootLoaderData, usePageFacts } from "./content/page-facts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * The content version every page is made from, handed to the components (usePageFacts) and to
 * each route's meta (metaFacts): app/content/page-facts.ts says where it comes from.
 */
export function loader({ context }: Route.LoaderArgs) {
  return rootLoaderData(context);
}

/**
 * The first-visit offer shows while the owner has it on, on every route but one that exports
 * `handle = { welcomeOffer: false }`.
 */
function offersWelcome(matches: ReturnType<typeof useMatches>, welcomeOfferOn: boolean): boolean {
  return (
    welcomeOfferOn &&
    !matches.some(
      (match) => (match.handle as { welcomeOffer?: boolean } | undefined)?.welcomeOffer === false,
    )
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const facts = usePageFacts();
  const { business } = facts;
  const welcome = offersWelcome(useMatches(), facts.offers.welcomeOfferOn);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e7490" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
        <script
          type="application/ld+json"
          // The business facts as search engines read them; a data block, never executed.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from our own content module
          dangerouslySetInnerHTML={{ __html: jsonForScript(localBusiness(facts)) }}
        />
      </head>
      {/* The first-visit offer: the `welcome-offer` island fetches its markup and opens it. */}
      <body
        {...(welcome
          ? {
              ...island("welcome-offer"),
              "data-src": "/welcome-offer.html",
              "data-delay-ms": business.welcomeOffer.delayMs,
              "data-visit-flag": business.welcomeOffer.storageKey,
            }
          : {})}
      >
        {children}
        <script
          type="application/json"
          id={pageContentId}
          // The content the islands read (shared/content/page-content.ts): a data block, never
          // executed, so the page's CSP needs no hash for it.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from the checked content, "<" escaped
          dangerouslySetInnerHTML={{ __html: pageContentJson(facts.document) }}
        />
        {/* React Router checks for these when it prerenders; the build replaces them with the
            island loader (site-build/finish-html.ts): pages are not hydrated. */}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

/** Any unexpected rendering failure shows this generic screen (product.md, Pages). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong while showing this page.";
  if (typeof window !== "undefined") console.error(error);
  return (
    <main className="container-page flex min-h-[70vh] flex-col items-start justify-center gap-4 py-16">
      <h1 className="font-bold text-3xl sm:text-4xl">Unexpected Application Error</h1>
      <p className="text-lg">{detail}</p>
      <p>
        Please reload the page, or go back to the{" "}
        <a href="/" className="font-semibold text-brand-700 underline">
          home page
        </a>
        .
      </p>
    </main>
  );
}

/** JSON inside <script> must not be able to close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
