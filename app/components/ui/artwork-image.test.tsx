import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { artwork } from "~/content/artwork";
import { photoName } from "~/content/photos";
import { renderWithContent } from "~/content/render-with-content";
import { repositoryContent } from "../../../shared/content/repository-content";
import type { SiteContent } from "../../../shared/content/site-content";
import { ArtworkImage, ResponsivePhoto } from "./artwork-image";

const repository = repositoryContent as SiteContent;

describe("ArtworkImage", () => {
  it("sizes every illustration and loads it lazily unless it is the page's main image", () => {
    const lazy = renderWithContent(repository, <ArtworkImage name="carpet" />);
    expect(lazy).toContain(`width="${artwork.carpet.width}"`);
    expect(lazy).toContain(`height="${artwork.carpet.height}"`);
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain(`alt="${artwork.carpet.alt}"`);

    const hero = renderWithContent(repository, <ArtworkImage name="home-hero" priority />);
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

  describe("with the owner's picture for a slot", () => {
    it("shows it in AVIF, WebP and JPEG at the widths it reaches, sized, with the owner's alt", () => {
      const document = structuredClone(repositoryContent) as SiteContent;
      const id = "0123456789abcdef0123456789abcdef";
      document.pictures = {
        "home-hero": { picture: id, alt: 'Dana & crew <b>"at work"</b>', width: 1000, height: 750 },
      };

      const hero = renderWithContent(document, <ArtworkImage name="home-hero" priority />);
      expect(hero).toBe(
        `<picture><source type="image/avif" srcSet="/pictures/${id}-480.avif 480w, /pictures/${id}-800.avif 800w" sizes="(min-width: 1024px) 50vw, 100vw"/>` +
          `<source type="image/webp" srcSet="/pictures/${id}-480.webp 480w, /pictures/${id}-800.webp 800w" sizes="(min-width: 1024px) 50vw, 100vw"/>` +
          `<img src="/pictures/${id}-800.jpg" srcSet="/pictures/${id}-480.jpg 480w, /pictures/${id}-800.jpg 800w" sizes="(min-width: 1024px) 50vw, 100vw" width="800" height="600" alt="Dana &amp; crew &lt;b&gt;&quot;at work&quot;&lt;/b&gt;" loading="eager" decoding="sync" fetchPriority="high" class="h-auto w-full object-cover"/></picture>`,
      );
      // Other slots keep their illustration.
      expect(renderWithContent(document, <ArtworkImage name="carpet" />)).toContain(
        `src="${artwork.carpet.src}"`,
      );

      // A version without the picture shows the illustration.
      expect(renderWithContent(repository, <ArtworkImage name="home-hero" />)).toContain(
        `src="${artwork["home-hero"].src}"`,
      );
    });
  });
});
