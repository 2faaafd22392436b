import type { Business } from "../../shared/business";

/** The animated figures on /services (10+, 500+, 100%). */
export function statsOf(business: Pick<Business, "claims">) {
  return [
    { target: business.claims.yearsExperience, suffix: "+", label: "Years of Experience" },
    { target: business.claims.satisfiedClients, suffix: "+", label: "Satisfied Clients" },
    { target: 100, suffix: "%", label: "Satisfaction Guarantee" },
  ] as const;
}
