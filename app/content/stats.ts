import { business } from "./business";

/** The animated figures on /services (10+, 500+, 100%). */
export const stats = [
  { target: business.claims.yearsExperience, suffix: "+", label: "Years of Experience" },
  { target: business.claims.satisfiedClients, suffix: "+", label: "Satisfied Clients" },
  { target: 100, suffix: "%", label: "Satisfaction Guarantee" },
] as const;
