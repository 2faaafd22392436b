import { onContent } from "../../shared/content/live-content";
import { business } from "./business";

/** The animated figures on /services (10+, 500+, 100%). */
export let stats: ReturnType<typeof statsOf>;

// After business.ts's listener (imported first): the claims read here are the live ones.
onContent(() => {
  stats = statsOf();
});

function statsOf() {
  return [
    { target: business.claims.yearsExperience, suffix: "+", label: "Years of Experience" },
    { target: business.claims.satisfiedClients, suffix: "+", label: "Satisfied Clients" },
    { target: 100, suffix: "%", label: "Satisfaction Guarantee" },
  ] as const;
}
