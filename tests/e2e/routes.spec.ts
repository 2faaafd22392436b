import type { Locator, Page } from "@playwright/test";
import { servicePagesOf } from "../../app/content/service-pages";
import { repositoryFacts } from "../../shared/content/facts";
import { expect, test, waitForIslands } from "./fixtures";
import { closingBanner, escapeRegExp, headingTexts, mainText } from "./helpers/html";
import {
  business,
  exactly,
  processSteps,
  routes,
  serviceCardTitles,
  servicePaths,
  standardServicePages,
  telHref,
  townServiceNames,
  towns,
} from "./helpers/site";

/** Loads a route, checks status 200 and its one h1, and returns the page's <main>. */
async function open(page: Page, path: string) {
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not in the route table`);
  const response = await page.goto(path);
  expect(response?.status(), `HTTP status of ${path}`).toBe(200);
  const main = page.getByRole("main");
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1, `${path} has exactly one h1`).toHaveCount(1);
  await expect(h1).toHaveText(route.h1);
  await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
  return main;
}

async function expectLink(scope: Locator, name: string | RegExp, href: string) {
  const link = scope.getByRole("link", { name }).first();
  await expect(link, `link ${name} -> ${href}`).toHaveAttribute("href", href);
}

/** The service pages' texts, as the repository's version makes them. */
const servicePages = servicePagesOf(repositoryFacts().document);

/** A click-to-call link shows the number (product.md, Purpose). */
const callName = new RegExp(escapeRegExp(business.phone.display));

async function expectTownLinks(scope: Locator) {
  for (const town of towns) await expectLink(scope, new RegExp(town.name), town.path);
}

// One test per route, so that no test's time grows with the site.
test.describe("every route", () => {
  for (const route of routes) {
    test(`${route.path} answers 200 with one h1 and its key content, loading nothing from other origins`, async ({
      page,
      baseURL,
    }) => {
      const foreign: string[] = [];
      page.on("request", (request) => {
        const url = request.url();
        if (!url.startsWith(`${baseURL}/`) && !url.startsWith("data:")) foreign.push(url);
      });
      const main = await open(page, route.path);
      for (const text of route.keyText) {
        await expect(main.getByText(text).first(), `${route.path}: "${text}"`).toBeVisible();
      }
      await waitForIslands(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      // product.md, Purpose: the contact form is the only call; pages load nothing from elsewhere.
      expect(foreign, "requests to other origins").toEqual([]);
    });
  }
});

// The detailed checks run once, at desktop width: the content is the same at every width, and
// the loop above checks that it is visible on the phone too.
test.describe("page content", { tag: "@desktop" }, () => {
  test.describe("home page", () => {
    test("shows the hero actions, benefits, floor banner, services, areas and closing call", async ({
      page,
    }) => {
      const main = await open(page, "/");
      await expect(
        main.getByRole("link", { name: business.phone.display }).first(),
      ).toHaveAttribute("href", telHref(business.phone));
      await expectLink(main, exactly("Get Free Quote"), "/contact");
      await expect(main.getByText(/floor[- ]care training certified/i).first()).toBeVisible();
      for (const benefit of ["Professional Team", "Flexible Schedule", "Local Service"]) {
        await expect(main.getByRole("heading", { name: benefit, exact: true })).toBeVisible();
      }
      // The floor strip and wax banner links to /services.
      await expect(
        main.getByRole("link", { name: /floor/i }).and(page.locator('[href="/services"]')),
      ).toHaveCount(1);

      const services = main.getByRole("region", { name: "Our Services" });
      await expect(services).toBeVisible();
      const serviceHrefs = await services
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      for (const path of servicePaths)
        expect(serviceHrefs, `Our Services links ${path}`).toContain(path);
      await expectLink(main, "View All Services", "/services");

      const areas = main.getByRole("region", { name: "Areas We Serve" });
      await expect(areas.getByRole("link")).toHaveCount(5);
      await expectTownLinks(areas);

      // The closing call to action, after the areas: the phone and a link to /contact.
      const closing = closingBanner(page, business.phone.display);
      await expect(closing).toBeVisible();
      const headings = await headingTexts(main);
      const closingHeading = await closing.getByRole("heading").first().textContent();
      expect(headings.indexOf(closingHeading ?? "")).toBeGreaterThan(
        headings.indexOf("Areas We Serve"),
      );
    });
  });

  test.describe("about page", () => {
    test("tells the story, the four core values, the four reasons and meets the founder", async ({
      page,
    }) => {
      const main = await open(page, "/about");
      await expect(main.getByRole("heading", { name: "Our Story", level: 2 })).toBeVisible();
      for (const value of ["Excellence", "Integrity", "Professionalism", "Commitment"]) {
        await expect(main.getByRole("heading", { name: value, exact: true })).toBeVisible();
      }
      for (const reason of [
        "Experienced Team",
        "Flexible Scheduling",
        "Quality Assurance",
        "Local & Reliable",
      ]) {
        await expect(main.getByRole("heading", { name: reason, exact: true })).toBeVisible();
      }
      const founder = main.getByRole("region", { name: "Meet Our Founder" });
      await expect(founder).toBeVisible();
      await expect(founder.getByText(business.founder.name).first()).toBeVisible();
      await expect(founder.getByText(business.founder.title)).toBeVisible();
    });
  });

  test.describe("services page", () => {
    test("shows the six service cards, area links, statistics and the free quote link", async ({
      page,
    }) => {
      const main = await open(page, "/services");
      const cards = main.getByRole("button", { name: /./ }).filter({ hasText: /view details/i });
      await expect(cards).toHaveCount(6);
      for (const [index, title] of serviceCardTitles.entries()) {
        await expect(cards.nth(index)).toHaveAccessibleName(new RegExp(`^${title}\\b`));
      }
      await expectTownLinks(main);
      for (const figure of ["10+", "500+", "100%"]) {
        await expect(main.getByText(figure, { exact: true }).first()).toBeAttached();
      }
      await expectLink(main, "Get Your Free Quote", "/contact");
    });
  });

  test.describe("contact page", () => {
    test("shows hero, Get in Touch cards, the quote form and Prefer to Call, in that order", async ({
      page,
    }) => {
      const main = await open(page, "/contact");
      await expect(main.getByText("Let's Discuss Your Cleaning Needs")).toBeVisible();
      const touch = main.getByRole("region", { name: "Get in Touch" });
      for (const card of ["Phone", "Email", "Business Hours", "Service Areas"]) {
        await expect(touch.getByRole("heading", { name: card, exact: true })).toBeVisible();
      }
      await expect(touch.getByRole("link", { name: business.phone.display })).toHaveAttribute(
        "href",
        telHref(business.phone),
      );
      await expect(touch.getByRole("link", { name: business.email })).toHaveAttribute(
        "href",
        `mailto:${business.email}`,
      );
      for (const town of towns) await expect(touch.getByText(town.name)).toBeVisible();

      await expect(main.getByRole("form", { name: "Request a Free Quote" })).toBeVisible();
      const prefer = main.getByRole("region", { name: "Prefer to Call?" });
      await expect(prefer.getByRole("link", { name: callName })).toHaveAttribute(
        "href",
        telHref(business.phone),
      );

      const order = ["Contact Us", "Get in Touch", "Request a Free Quote", "Prefer to Call?"];
      const headings = await headingTexts(main);
      const positions = order.map((heading) => headings.indexOf(heading));
      expect(
        positions.every((position) => position >= 0),
        `headings ${headings.join(" | ")}`,
      ).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });
  });

  test.describe("town pages", () => {
    for (const town of towns) {
      test(`${town.path}: hero, five services, Why Choose with three cards, hours and closing banner`, async ({
        page,
      }) => {
        const main = await open(page, town.path);
        const hero = main.getByRole("heading", { level: 1 }).locator("xpath=ancestor::section[1]");
        await expect(hero.getByRole("link", { name: callName })).toHaveAttribute(
          "href",
          telHref(business.phone),
        );
        const cardNames = await main
          .getByRole("heading", { level: 3 })
          .evaluateAll((headings) => headings.map((heading) => heading.textContent?.trim()));
        expect(cardNames.filter((name) => townServiceNames.includes(name as never))).toEqual([
          ...townServiceNames,
        ]);

        const why = main.getByRole("region", {
          name: new RegExp(`^Why Choose .+ in ${escapeRegExp(town.name)}\\?$`),
        });
        await expect(why).toBeVisible();
        await expect(why.getByRole("list").first().getByRole("listitem")).toHaveCount(3);

        // product.md, Town pages: stated hours, Monday to Saturday, 8AM to 7PM.
        await expect(main.getByText(/Monday (to|–|-) Saturday/).first()).toBeVisible();
        await expect(main.getByText(/8(:00)?\s?AM\s(to|–|-)\s7(:00)?\s?PM/).first()).toBeVisible();

        const closing = closingBanner(page, business.phone.display);
        await expect(
          closing.getByRole("link", { name: exactly("Get Free Quote") }),
        ).toHaveAttribute("href", "/contact");
        await expect(closing.getByRole("link", { name: callName })).toHaveAttribute(
          "href",
          telHref(business.phone),
        );
      });
    }
  });

  test.describe("service pages", () => {
    for (const service of standardServicePages) {
      test(`${service.path}: call button, eight-item checklist, towns and "${service.ctaLabel}" banner`, async ({
        page,
      }) => {
        const copy = servicePages.find((candidate) => candidate.path === service.path);
        if (!copy) throw new Error(`no copy for ${service.path}`);
        const main = await open(page, service.path);
        const hero = main.getByRole("heading", { level: 1 }).locator("xpath=ancestor::section[1]");
        await expect(hero.getByRole("link", { name: callName })).toHaveAttribute(
          "href",
          telHref(business.phone),
        );

        const checklist = main.getByRole("region", { name: copy.checklistTitle });
        await expect(checklist.getByRole("listitem")).toHaveCount(8);
        await expectTownLinks(main);

        const steps = processSteps[service.path];
        const process = main
          .getByRole("list")
          .filter({ has: page.getByRole("heading", { name: /Step 1/ }) });
        if (steps) {
          await expect(process.getByRole("listitem")).toHaveCount(steps.length);
          const titles = await process
            .getByRole("heading")
            .evaluateAll((headings) => headings.map((heading) => heading.textContent ?? ""));
          expect(titles.map((title) => title.replace(/^Step \d+:\s*/, "").trim())).toEqual([
            ...steps,
          ]);
        } else {
          await expect(process).toHaveCount(0);
        }

        const closing = closingBanner(page, business.phone.display);
        await expect(
          closing.getByRole("link", { name: exactly(service.ctaLabel) }),
        ).toHaveAttribute("href", "/contact");
        await expect(closing.getByRole("link", { name: callName })).toHaveAttribute(
          "href",
          telHref(business.phone),
        );
      });
    }

    test("/floor-strip-wax is the short page: its own hero image, call button, vinyl/tile/linoleum", async ({
      page,
      request,
    }) => {
      const main = await open(page, "/floor-strip-wax");
      const hero = main.getByRole("heading", { level: 1 }).locator("xpath=ancestor::section[1]");
      await expect(hero.getByRole("link", { name: callName })).toHaveAttribute(
        "href",
        telHref(business.phone),
      );
      await expect(main.getByText(/vinyl.*tile.*linoleum/i).first()).toBeVisible();
      const floorImage = await hero.getByRole("img").first().getAttribute("src");
      expect(floorImage).toBeTruthy();

      // "with a different hero image": not the picture of any standard service page.
      for (const service of standardServicePages) {
        const html = await (await request.get(service.path)).text();
        const heroImage = /<h1\b[\s\S]*?<img\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
        expect(heroImage, `${service.path} has a hero image`).toBeTruthy();
        expect(heroImage, `${service.path} uses another hero image`).not.toBe(floorImage);
      }
    });
  });
});

// Static HTML: checked once, on desktop.
test.describe("content without JavaScript", { tag: "@desktop" }, () => {
  for (const route of routes) {
    test(`${route.path}: the raw HTML already holds its h1 and main content`, async ({
      request,
    }) => {
      const response = await request.get(route.path);
      expect(response.status(), route.path).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/text\/html/);
      const html = await response.text();
      const h1s = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) =>
        mainText(match[1] ?? ""),
      );
      expect(h1s, `${route.path} has one h1 in its HTML`).toHaveLength(1);
      if (typeof route.h1 === "string") expect(h1s[0]).toBe(route.h1);
      else expect(h1s[0]).toMatch(route.h1);
      const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
      const text = mainText(main);
      for (const key of route.keyText)
        expect(text, `${route.path} HTML contains "${key}"`).toContain(key);
    });
  }

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    for (const route of routes) {
      test(`${route.path}: a browser without JavaScript shows its content`, async ({ page }) => {
        await page.goto(route.path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
        const main = page.getByRole("main");
        for (const text of route.keyText) {
          await expect(main.getByText(text).first(), `${route.path}: "${text}"`).toBeVisible();
        }
      });
    }
  });
});
