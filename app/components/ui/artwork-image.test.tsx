import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { artwork } from "~/content/artwork";
import { photoName } from "~/content/photos";
import { ArtworkImage, ResponsivePhoto } from "./artwork-image";

describe("ArtworkImage", () => {
  it("sizes every illustration and loads it lazily unless it is the page's main image", () => {
    const lazy = renderToStaticMarkup(<ArtworkImage name="carpet" />);
    expect(lazy).toContain(`width="${artwork.carpet.width}"`);
    expect(lazy).toContain(`height="${artwork.carpet.height}"`);
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain(`alt="${artwork.carpet.alt}"`);

    const hero = renderToStaticMarkup(<ArtworkImage name="home-hero" priority />);
    expect(hero).toContain('loading="eager"');
    expect(hero).toContain('fetchPriority="high"');
  });

  it("serves a photo as AVIF and WebP sources with a sized fallback image", () => {
    const markup = renderToStaticMarkup(
      <ResponsivePhoto
        photo={{
          sources: {
            avif: "/a-480.avif 480w, /a-800.avif 800w",
            webp: "/a-480.webp 480w",
            jpg: "/a-480.jpg 480w, /a-800.jpg 800w",
          },
          img: { src: "/a-800.jpg", w: 800, h: 600 },
        }}
        alt="Our crew at work"
        sizes="100vw"
        loading="lazy"
      />,
    );
    expect(markup).toMatch(
      /^<picture><source type="image\/avif" srcSet="\/a-480.avif 480w, \/a-800.avif 800w" sizes="100vw"\/><source type="image\/webp"/,
    );
    expect(markup).not.toContain('type="image/jpg"');
    expect(markup).toContain(
      '<img src="/a-800.jpg" srcSet="/a-480.jpg 480w, /a-800.jpg 800w" sizes="100vw" width="800" height="600" alt="Our crew at work" loading="lazy"',
    );
  });

  it("matches a photo to the illustration it replaces by file name", () => {
    expect(photoName("../assets/photos/home-hero.jpg")).toBe("home-hero");
    expect(photoName("../assets/photos/founder.final.png")).toBe("founder.final");
  });
});
