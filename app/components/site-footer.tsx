import { Clock, Mail, Phone as PhoneIcon } from "lucide-react";
import { BusinessHours } from "~/components/business-hours";
import { Logo } from "~/components/logo";
import { usePageFacts } from "~/content/page-facts";
import { areas, stateCode } from "../../shared/areas";
import { mailtoHref, telHref } from "../../shared/business-reach";
import { serviceCatalog } from "../../shared/service-catalog";

export function SiteFooter() {
  const { business } = usePageFacts();
  return (
    <footer className="bg-brand-950 text-brand-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="sr-only">
            About {business.name}
          </h2>
          <Logo tone="light" />
          <p className="mt-4 text-brand-100 text-sm leading-relaxed">
            {business.name} was founded by {business.founder.name} to give homes and businesses
            across Montgomery and Chester County a cleaning team they can count on: trained,
            insured, local and backed by our {business.claims.satisfactionGuarantee.toLowerCase()}.
          </p>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-bold text-lg text-white">
            Contact
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={telHref(business.phone)}
                className="inline-flex items-center gap-2 hover:text-white hover:underline"
              >
                <PhoneIcon aria-hidden="true" className="size-4 shrink-0 text-sparkle" />
                {business.phone.display}
              </a>
            </li>
            <li>
              <a
                href={mailtoHref(business.email)}
                className="inline-flex items-center gap-2 break-all hover:text-white hover:underline"
              >
                <Mail aria-hidden="true" className="size-4 shrink-0 text-sparkle" />
                {business.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sparkle" />
              <span>
                <BusinessHours />
              </span>
            </li>
          </ul>
        </section>

        <nav aria-labelledby="footer-areas">
          <h2 id="footer-areas" className="font-bold text-lg text-white">
            Service Areas
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {areas.map((area) => (
              <li key={area.slug}>
                <a href={area.path} className="hover:text-white hover:underline">
                  {area.name}, {stateCode}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-bold text-lg text-white">
            Services
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {serviceCatalog.map((service) => (
              <li key={service.slug}>
                <a href={service.path} className="hover:text-white hover:underline">
                  {service.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-brand-900 border-t">
        <p className="container-page py-5 text-brand-200 text-xs">
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {business.legalName}.
          Licensed &amp; insured. Serving {areas.map((area) => area.name).join(", ")}, {stateCode}.
        </p>
      </div>
    </footer>
  );
}
