/**
 * Which estimate suits a service: a home's for residential cleaning (and the services homes ask
 * for too), a business's for the services only businesses buy. The form's estimator starts there.
 */
import type { ServiceValue } from "../contact-fields.ts";
import type { PropertyKind } from "./price-list.ts";

const businessServices: ReadonlySet<ServiceValue> = new Set(["commercial", "janitorial", "office"]);

export function propertyKindFor(service: ServiceValue | ""): PropertyKind {
  return service !== "" && businessServices.has(service) ? "business" : "home";
}
