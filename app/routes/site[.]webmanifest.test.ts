import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { loader } from "./site[.]webmanifest";

describe("site.webmanifest", () => {
  it("names the app after the business and lists the icons the site serves", async () => {
    const response = loader();
    expect(response.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: business.name, short_name: business.shortName });
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toEqual([
      "/favicon.svg",
      "/apple-touch-icon.png",
    ]);
  });
});
