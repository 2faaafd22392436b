import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { areas } from "../shared/areas";

// Every public path, one line each (product.md, Pages). Town and service pages are one module
// each, mounted at several paths under distinct ids; the module reads its data from the path.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("contact", "routes/contact.tsx"),
  // Where the contact function sends a browser after the form's plain post; not in the sitemap.
  route("thank-you", "routes/thank-you.tsx"),

  // The towns' one list (shared/areas.ts): a town added there has its page.
  ...areas.map((town) => route(town.slug, "routes/town.tsx", { id: `town-${town.slug}` })),

  route("residential-cleaning", "routes/service.tsx", { id: "service-residential-cleaning" }),
  route("commercial-cleaning", "routes/service.tsx", { id: "service-commercial-cleaning" }),
  route("janitorial-services", "routes/service.tsx", { id: "service-janitorial-services" }),
  route("carpet-cleaning", "routes/service.tsx", { id: "service-carpet-cleaning" }),
  route("post-construction", "routes/service.tsx", { id: "service-post-construction" }),
  route("floor-strip-wax", "routes/floor-strip-wax.tsx"),

  // Build-time resources, prerendered to static files.
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("site.webmanifest", "routes/site[.]webmanifest.ts"),
  route("welcome-offer.html", "routes/welcome-offer[.]html.tsx"),

  // Prerendered once at /404; servers answer every unknown path with it and status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
