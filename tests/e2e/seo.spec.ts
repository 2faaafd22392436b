import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { jsonLd } from "./helpers/html";
import { absoluteUrl, business, routes, servicePaths, siteUrl, towns } from "./helpers/site";

const canonicalFor = (path: string) => absoluteUrl(path === "/" ? "/" : path);

async function head(page: Page) {
  const meta = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("content")));
  return {
    title: await page.title(),
    titles: await page.locator("head title").count(),
    description: await meta('meta[name="description"]'),
    keywords: await meta('meta[name="keywords"]'),
    canonical: await page
      .locator('link[rel="canonical"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href"))),
    ogTitle: await meta('meta[property="og:title"]'),
    ogDescription: await meta('meta[property="og:description"]'),
    ogUrl: await meta('meta[property="og:url"]'),
    ogImage: await meta('meta[property="og:image"]'),
    twitterCard: await meta('meta[name="twitter:card"]'),
  };
}

type Thing = Record<string, unknown>;
const typeOf = (block: Thing) => [block["@type"]].flat();

// Crawlers read the prerendered HTML: these checks run on it, without JavaScript, once.
// The HTML is the same for every device: checked once, by the desktop project.
test.describe("head tags in the prerendered HTML (product.md, Search engines and sharing)", {
  tag: "@desktop",
}, () => {
  test.use({ javaScriptEnabled: false });

  test("every route: title, description, canonical, Open Graph, Twitter card and structured data", async ({
    page,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of routes) {
      await test.step(route.path, async () => {
        await page.goto(route.path);
        const tags = await head(page);
        const description = tags.description[0] ?? "";
        expectHeadTags(route.path, tags, description);
        titles.add(tags.title);
        descriptions.add(description);

        const town = towns.find((candidate) => candidate.path === route.path);
        if (town) {
          expect(tags.title).toBe(
            `Cleaning Services ${town.name} PA | Residential & Commercial Cleaning`,
          );
          expect(tags.keywords, `${town.path} keywords`).toHaveLength(1);
          expect(tags.keywords[0]).toContain(town.name);
          expect(description).toContain(town.name);
        }

        const blocks = await jsonLd(page);
        expectBusiness(route.path, blocks);
        if ((servicePaths as readonly string[]).includes(route.path)) {
          const services = blocks.filter((block) => typeOf(block).includes("Service"));
          expect(services, `${route.path} has a Service block`).toHaveLength(1);
          expect(services[0]?.name).toEqual(expect.any(String));
          expect(services[0]?.url).toBe(absoluteUrl(route.path));
        }
        // Every page but the home page sits under Home: it carries its breadcrumb trail.
        if (route.path !== "/") expectBreadcrumbs(route.path, blocks);
      });
    }
    expect(titles.size, "titles are unique").toBe(routes.length);
    expect(descriptions.size, "descriptions are unique").toBe(routes.length);
  });
});

type HeadTags = Awaited<ReturnType<typeof head>>;

function expectHeadTags(path: string, tags: HeadTags, description: string) {
  const where = `${path}:`;
  expect(tags.titles, `${where} one <title>`).toBe(1);
  expect(tags.title, `${where} title`).toMatch(/\w{3,}/);
  expect(tags.description, `${where} one meta description`).toHaveLength(1);
  expect(description.length, `${where} description length`).toBeGreaterThanOrEqual(50);
  expect(tags.canonical, `${where} canonical`).toEqual([canonicalFor(path)]);
  expect(tags.ogUrl, `${where} og:url`).toEqual([canonicalFor(path)]);
  expect(tags.ogTitle, `${where} og:title`).toEqual([tags.title]);
  expect(tags.ogDescription, `${where} og:description`).toEqual([description]);
  expect(tags.ogImage, `${where} og:image`).toHaveLength(1);
  expect(tags.ogImage[0], `${where} og:image is absolute`).toMatch(
    /^https?:\/\/\S+\.(png|jpe?g|webp)$/,
  );
  expect(tags.twitterCard, `${where} twitter:card`).toEqual([
    expect.stringMatching(/^summary(_large_image)?$/),
  ]);
}

/**
 * The business as a schema.org LocalBusiness subtype (HomeAndConstructionBusiness) with name,
 * telephone, e-mail, hours, the five towns and every service page offered as a Service.
 */
function expectBusiness(path: string, blocks: Thing[]) {
  const businesses = blocks.filter((block) =>
    typeOf(block).includes("HomeAndConstructionBusiness"),
  );
  expect(businesses, `${path} has one business block`).toHaveLength(1);
  const company = businesses[0] as Thing;
  expect(company["@context"]).toMatch(/^https:\/\/schema\.org\/?$/);
  expect(company.name).toBe(business.name);
  expect(company.telephone).toBe(business.phone.e164);
  expect(company.email).toBe(business.email);
  expect(company.url).toBe(`${siteUrl}/`);
  // product.md, Business facts: Monday to Saturday 8:00 to 19:00; Sunday closed.
  const hours = [company.openingHoursSpecification].flat() as Thing[];
  expect(hours).toHaveLength(1);
  expect([hours[0]?.dayOfWeek].flat()).toEqual([
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
  ]);
  expect(hours[0]?.opens).toBe("08:00");
  expect(hours[0]?.closes).toBe("19:00");
  const served = (company.areaServed as Thing[]).map((area) => String(area.name));
  expect(served).toHaveLength(5);
  for (const town of towns) expect(served.some((name) => name.startsWith(town.name))).toBe(true);
  const offers = ((company.hasOfferCatalog as Thing).itemListElement ?? []) as Thing[];
  expect(offers.map((offer) => (offer.itemOffered as Thing)["@type"])).toEqual(
    servicePaths.map(() => "Service"),
  );
  expect(offers.map((offer) => (offer.itemOffered as Thing).url)).toEqual(
    servicePaths.map((servicePath) => absoluteUrl(servicePath)),
  );
}

function expectBreadcrumbs(path: string, blocks: Thing[]) {
  const trails = blocks.filter((block) => typeOf(block).includes("BreadcrumbList"));
  expect(trails, `${path} has breadcrumbs`).toHaveLength(1);
  const items = (trails[0]?.itemListElement ?? []) as Thing[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  expect(items[0]?.item).toBe(`${siteUrl}/`);
  expect(items.at(-1)?.item, `${path} trail ends at the page`).toBe(absoluteUrl(path));
}

test.describe("after client-side navigation", () => {
  // The header links are in the menu on phones: checked on desktop.
  test("the title and canonical link follow the page", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About Us" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      absoluteUrl("/about"),
    );
    const aboutTitle = await page.title();
    await page
      .getByRole("link", { name: new RegExp(towns[1].name) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${towns[1].path}$`));
    await expect(page).toHaveTitle(
      `Cleaning Services ${towns[1].name} PA | Residential & Commercial Cleaning`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      absoluteUrl(towns[1].path),
    );
    expect(aboutTitle).not.toBe(await page.title());
  });
});

// Plain HTTP: checked once.
test.describe("sitemap.xml and robots.txt", { tag: "@desktop" }, () => {
  test("sitemap.xml lists exactly the 15 routes as absolute URLs", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.toSorted()).toEqual(
      routes.map((route) => canonicalFor(route.path)).toSorted(),
    );
  });

  test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toMatch(
      new RegExp(`^Sitemap: ${absoluteUrl("/sitemap.xml").replace(/[.]/g, "\\.")}$`, "m"),
    );
  });
});
