/**
 * What the owner reads after a publish (publish-outcome.ts, site-links.ts): "Your site shows it
 * now" with a way to the page that shows the change, or "not yet on your site" and why; the
 * site's address from the settings, else (the fictional default) the function's own server.
 */
import { describe, expect, it } from "vitest";
import { repositoryContent } from "../../../shared/content/repository-content.ts";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { deploymentDefaults } from "../../../shared/deployment-defaults.ts";
import { groupForm, post, setup, siteAddress, textOf } from "../../../tests/support/site-editor.ts";
import type { SiteStatus } from "../base/site-publishing.ts";
import { outcomeWords, siteNowWords } from "./publish-outcome.ts";
import { pageOfPart, partOfChange, publicSiteAddress } from "./site-links.ts";

const status = (more: Partial<SiteStatus> = {}): SiteStatus => ({
  serving: 3,
  building: null,
  failed: null,
  ...more,
});
const at = "2026-11-29T20:12:00.000Z";

describe("the site's public address", () => {
  it("is SITE_URL's origin, or the function's own where SITE_URL is the fictional default", () => {
    expect(
      publicSiteAddress(
        "https://www.keystoneshine.com/",
        "https://x.supabase.co/functions/v1/send-contact-email",
      ),
    ).toBe("https://www.keystoneshine.com");
    expect(
      publicSiteAddress(
        deploymentDefaults.siteUrl,
        "http://localhost:3000/functions/v1/send-contact-email",
      ),
    ).toBe("http://localhost:3000");
  });

  it("links each part to the page that shows it, at its place", () => {
    expect(pageOfPart("reviews")).toBe("/#testimonials");
    expect(pageOfPart("hours")).toBe("/contact#footer-contact");
    expect(pageOfPart("prices")).toBe("/contact#quote");
    expect(pageOfPart("pages/exton")).toBe("/exton");
    expect(pageOfPart("area")).toBe("/plymouth-meeting");
    expect(pageOfPart(null)).toBe("/");
    const after = structuredClone(repositoryContent) as SiteContent;
    after.offer.enabled = false;
    expect(partOfChange(repositoryContent as SiteContent, after)).toBe("offer");
  });
});

describe("what became of a publish, in words", () => {
  it("says the site shows it, or not yet and why, never a server or a version", () => {
    const words = (kind: "live" | "working" | "waiting" | "failed") =>
      outcomeWords({
        kind,
        version: 3,
        status: status(
          kind === "failed"
            ? { failed: { version: 3, reason: "The page /exton could not be made.", at } }
            : {},
        ),
        hostCall: null,
        staticHost: false,
      });
    expect(words("live")).toEqual({
      problem: false,
      lines: ["Published. Your site shows it now."],
    });
    expect(words("working").lines[0]).toMatch(
      /^Published\. Not yet on your site: its pages are still being made/,
    );
    expect(words("waiting").lines[0]).toMatch(
      /^Published\. Not yet on your site: it shows it within a minute/,
    );
    expect(words("failed")).toMatchObject({ problem: true });
    expect(words("failed").lines[0]).toBe(
      "Not on your site: its pages could not be made with your change. The page /exton could not be made.",
    );
    for (const kind of ["live", "working", "waiting", "failed"] as const)
      expect(words(kind).lines.join(" ")).not.toMatch(/server|[Vv]ersion \d/);
  });

  it("on a static host, says the host is building, or could not be asked and how to ask again", () => {
    const call = { version: 3, calledAt: at, host: "api.netlify.com", reason: null };
    const told = outcomeWords({
      kind: "live",
      version: 3,
      status: status(),
      hostCall: { ...call, ok: true },
      staticHost: true,
    });
    expect(told.lines[0]).toBe(
      "Published. Not yet on your site: your host (api.netlify.com) is building its pages with your change now, which usually takes a few minutes.",
    );
    const failed = outcomeWords({
      kind: "live",
      version: 3,
      status: status(),
      hostCall: {
        ...call,
        ok: false,
        reason: "it answered 500: the host had a problem of its own",
      },
      staticHost: true,
    });
    expect(failed.problem).toBe(true);
    expect(failed.lines.join(" ")).toContain(
      "Tap Publish again, with nothing changed, to ask it once more.",
    );
  });

  it("tells what the site shows now, in the business's time", () => {
    const now = siteNowWords({
      current: { version: 3, publishedAt: at, changes: [], restoredFrom: null },
      status: status({
        serving: 2,
        failed: { version: 3, reason: "The page /exton could not be made.", at },
      }),
      staticHost: false,
      hostCall: null,
      publishedAt: () => at,
    });
    // 20:12 UTC is 3:12 PM in New York.
    expect(now.problems).toEqual([
      "Your change of Sun Nov 29, 3:12 PM could not be put on your site (Sun Nov 29, 3:12 PM): The page /exton could not be made. Your site shows it as it was before.",
    ]);
  });
});

describe("after a publish, the home", () => {
  it("links View your site to the page that shows the change", async () => {
    const { call } = await setup();
    const form = await groupForm(call, "reviews");
    form.set("reviews.0.text", "Spotless.");
    const published = await call("/site/reviews", post(form));
    // The home as the 303 names it (its own token aside: call() adds one).
    const outcome = (published.headers.get("location") ?? "").replace(/^[^&]*&/, "");
    expect(outcome).toBe("done=live&version=1&part=reviews");
    const home = await call(`/site?${outcome}`);
    const html = await home.text();
    expect(html).toContain(
      `<a href="${siteAddress}/#testimonials" rel="noreferrer">View your site</a>`,
    );
    expect(textOf(html)).toContain("Published. Your site shows it now.");
  });
});
