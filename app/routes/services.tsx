import { ArrowRight } from "lucide-react";
import { AreasList } from "~/components/areas-list";
import { PageHero } from "~/components/page-hero";
import { ServiceDetailDialog, serviceDialogId } from "~/components/service-detail-dialog";
import { StatCounter } from "~/components/stat-counter";
import { ButtonLink } from "~/components/ui/button";
import { DialogTrigger } from "~/components/ui/modal-dialog";
import { Section } from "~/components/ui/section";
import { metaFacts, usePageFacts } from "~/content/page-facts";
import { island } from "~/islands/island";
import { pageTitle, seo } from "~/lib/seo";
import { breadcrumbs } from "~/lib/structured-data";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { business } = metaFacts(matches);
  return seo(business, {
    title: pageTitle(business, "Cleaning Services"),
    description:
      "Janitorial, commercial, office, post-construction, carpet cleaning and floor strip & wax services for homes and businesses in Montgomery and Chester County, PA.",
    path: "/services",
    jsonLd: [
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
      ]),
    ],
  });
};

export default function ServicesPage() {
  const { business, services, stats } = usePageFacts();
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Professional Cleaning Services"
        subtitle="From nightly janitorial work to a one-time deep clean after a renovation: one trusted local team for every kind of space."
        artwork="office"
      >
        <ButtonLink to="/contact" variant="accent" size="lg">
          Get a Free Quote
        </ButtonLink>
      </PageHero>

      <Section
        id="service-list"
        title="What We Offer"
        intro="Choose a service to see what is included."
      >
        <ul {...island("service-dialogs")} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.id}>
              <DialogTrigger
                dialogId={serviceDialogId(service)}
                className="group flex h-full w-full flex-col items-start rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <service.icon aria-hidden="true" className="size-6" />
                </span>
                <span className="mt-4 font-bold text-ink text-xl">{service.title}</span>
                <span className="mt-2 grow">{service.shortDesc}</span>
                <span className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700">
                  View details
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-1"
                  />
                </span>
              </DialogTrigger>
              <ServiceDetailDialog service={service} />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="areas"
        title="Areas We Serve"
        intro="Every service is available in all five towns."
        tone="tint"
      >
        <AreasList />
      </Section>

      <section aria-labelledby="stats-heading" className="bg-brand-800 py-14">
        <div className="container-page">
          <h2 id="stats-heading" className="sr-only">
            {business.name} in numbers
          </h2>
          <div {...island("counters")} className="grid gap-10 sm:grid-cols-3">
            {stats.map((stat) => (
              <StatCounter key={stat.label} {...stat} />
            ))}
          </div>
        </div>
      </section>

      <Section
        id="free-quote"
        title="Not Sure What You Need?"
        intro={
          <p>
            Tell us about your space and we will recommend the right service and schedule, free of
            charge.
          </p>
        }
      >
        <ButtonLink to="/contact" variant="primary" size="lg">
          Get Your Free Quote
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </Section>
    </>
  );
}
