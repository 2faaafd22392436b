import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../shared/content/facts";
import { deploymentDefaults } from "../../shared/deployment-defaults";
import { pageTitle, seo } from "./seo";

describe("seo()", () => {
  const { business } = repositoryFacts();
  const tags = seo(business, {
    title: "Cleaning Services Exton PA | Residential & Commercial Cleaning",
    description: "Exton cleaning.",
    path: "/exton",
    keywords: ["cleaning Exton", "maid Exton"],
    jsonLd: [{ "@type": "Thing" }],
  });

  it("sets title, description, keywords and a canonical URL on the configured site", () => {
    expect(tags).toContainEqual({
      title: "Cleaning Services Exton PA | Residential & Commercial Cleaning",
    });
    expect(tags).toContainEqual({ name: "description", content: "Exton cleaning." });
    expect(tags).toContainEqual({ name: "keywords", content: "cleaning Exton, maid Exton" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${deploymentDefaults.siteUrl}/exton`,
    });
  });

  it("adds Open Graph and Twitter card tags that repeat the title", () => {
    expect(tags).toContainEqual({
      property: "og:title",
      content: tags[0] && "title" in tags[0] ? tags[0].title : "",
    });
    expect(tags).toContainEqual({
      property: "og:url",
      content: `${deploymentDefaults.siteUrl}/exton`,
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("passes page structured data through and marks noindex only when asked", () => {
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "Thing" } });
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
    expect(
      seo(business, { title: "x", description: "y", path: "/404", noindex: true }),
    ).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });

  it("names the business of the version the page is made from", () => {
    expect(tags).toContainEqual({ property: "og:site_name", content: business.name });
    expect(seo({ name: "Shine Co" }, { title: "t", description: "d", path: "/" })).toContainEqual({
      property: "og:image:alt",
      content: "Shine Co logo and tagline",
    });
    expect(pageTitle({ name: "Shine Co" }, "About Us")).toBe("About Us | Shine Co");
  });
});
