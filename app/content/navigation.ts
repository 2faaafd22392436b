/** The header's links (SPEC.md section 2, Shared layout). */
export const mainNavigation = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/contact", label: "Contact" },
] as const;
