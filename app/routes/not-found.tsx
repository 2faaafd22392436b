import { ButtonLink } from "~/components/ui/button";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { island } from "~/islands/island";
import { pageTitle, seo } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { business } = metaFacts(matches);
  return seo(business, {
    title: pageTitle(business, "Page Not Found"),
    description:
      "The page you were looking for does not exist. Return to the home page or call us.",
    path: "/404",
    noindex: true,
  });
};

/**
 * Every unknown path (product.md, 404 page): the server answers it with status 404. The `not-found`
 * island logs the path the visitor tried.
 */
export default function NotFoundPage() {
  const { business } = usePageFacts();
  return (
    <section
      {...island("not-found")}
      aria-labelledby="not-found-heading"
      className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center"
    >
      <h1 id="not-found-heading" className="font-extrabold text-7xl text-brand-700">
        404
      </h1>
      <p className="mt-4 text-2xl text-ink">Oops! Page not found</p>
      <p className="mt-2 max-w-md">
        The page may have moved. Head back home, or call us at{" "}
        <a href={`tel:${business.phone.e164}`} className="font-semibold text-brand-800 underline">
          {business.phone.display}
        </a>
        .
      </p>
      <ButtonLink to="/" variant="primary" size="lg" className="mt-8">
        Return to Home
      </ButtonLink>
    </section>
  );
}
