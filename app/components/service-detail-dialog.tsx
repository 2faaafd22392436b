import { Phone as PhoneIcon } from "lucide-react";
import { ArtworkImage } from "~/components/ui/artwork-image";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { CheckMark } from "~/components/ui/check-mark";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { usePageFacts } from "~/content/page-facts";
import type { Service } from "~/content/services";
import { telHref } from "../../shared/business-reach";

export function serviceDialogId(service: Service) {
  return `service-${service.id}`;
}

/** The detail view a service card opens (product.md, Services). */
export function ServiceDetailDialog({ service }: { service: Service }) {
  const { business } = usePageFacts();
  const id = serviceDialogId(service);
  return (
    <ModalDialog
      id={id}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      className="max-w-2xl"
    >
      <div className="max-h-36 overflow-hidden bg-brand-50 sm:max-h-none">
        <ArtworkImage
          name={service.image}
          alt={service.imageAlt}
          className="-translate-y-1/4 sm:translate-y-0"
        />
      </div>
      <div className="p-6">
        <h2 id={`${id}-title`} className="font-extrabold text-2xl">
          {service.title}
        </h2>
        <p id={`${id}-description`} className="mt-3 leading-relaxed">
          {service.description}
        </p>
        <h3 className="mt-6 font-bold text-lg">Key Features</h3>
        <ul className="mt-3 space-y-2">
          {service.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckMark />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <ButtonLink to="/contact" variant="primary">
            Get a Quote
          </ButtonLink>
          <a href={telHref(business.phone)} className={buttonClass({ variant: "secondary" })}>
            <PhoneIcon aria-hidden="true" className="size-5" />
            Call Us
          </a>
        </div>
      </div>
    </ModalDialog>
  );
}
