import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { pageContent } from "~/content/page-facts";
import { repositoryContent } from "../../shared/content/repository-content";
import type { SiteContent } from "../../shared/content/site-content";
import { loader } from "./site[.]webmanifest";

describe("site.webmanifest", () => {
  it("names the app after the business and lists the icons the site serves", async () => {
    const response = loader({ context: new RouterContextProvider() });
    expect(response.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    const { business } = repositoryContent as SiteContent;
    expect(manifest).toMatchObject({ name: business.name, short_name: business.shortName });
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toEqual([
      "/favicon.svg",
      "/apple-touch-icon.png",
    ]);
  });

  it("names the business of the version the site is made from", async () => {
    const document = structuredClone(repositoryContent) as SiteContent;
    document.business.name = "Main Line Shine Cleaning";
    document.business.shortName = "Main Line Shine";
    const context = new RouterContextProvider();
    context.set(pageContent, document);
    const manifest = await loader({ context }).json();
    expect(manifest).toMatchObject({
      name: "Main Line Shine Cleaning",
      short_name: "Main Line Shine",
    });
  });
});
