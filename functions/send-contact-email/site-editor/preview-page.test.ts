/**
 * A preview stays a preview (preview-page.ts): its links lead nowhere (only `#…` within the page
 * still work), its forms are inert, the banner says so and how to get back, it opens at the part's
 * section (a fragment on the Preview button's action), and its policy allows no script.
 */
import { describe, expect, it } from "vitest";
import { groupForm, post, setup } from "../../../tests/support/site-editor.ts";
import { previewBanner, previewBannerHelp, withBanner } from "./preview-page.ts";

const page = `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/assets/site.css"></head><body class="site"><a href="#main" class="skip">Skip to content</a><header><a href="/" class="logo">Home</a><a class="call" href="tel:+14845550142">Call</a></header><main id="main"><a href='/contact'>Get a quote</a><a href=https://elsewhere.example/>Elsewhere</a><abbr title="x">x</abbr><form action="/functions/v1/send-contact-email" method="post"><button>Send</button></form><map><area href="/about" alt="About"></map></main></body></html>`;

describe("a preview's links", () => {
  it("lead nowhere, except within the page; its forms are inert; its stylesheets stay", () => {
    const html = withBanner(page);
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css">');
    expect(html).toContain('<a href="#main" class="skip">Skip to content</a>');
    expect(html).toContain('<a class="logo">Home</a>');
    expect(html).toContain('<a class="call">Call</a>');
    expect(html).toContain("<a>Get a quote</a>");
    expect(html).toContain("<a>Elsewhere</a>");
    expect(html).toContain('<area alt="About">');
    expect(html).toContain('<abbr title="x">');
    expect(html).toContain('<form inert action="/functions/v1/send-contact-email"');
    const body = html.slice(html.indexOf("<body"));
    expect(body.match(/href=/g)).toEqual(["href="]);
  });

  it("are said to be off in the banner, with the way back to the form", () => {
    const html = withBanner(page);
    expect(html).toMatch(
      new RegExp(
        `<body class="site"><div role="status"[^>]*><strong>${previewBanner}</strong><br>${previewBannerHelp.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</div>`,
      ),
    );
    expect(previewBannerHelp).toContain("Links are off in a preview");
    expect(previewBannerHelp).toContain("Back button");
  });
});

describe("the preview of a part", () => {
  it("opens at the part's section: the reviews for Reviews, the footer's hours for Hours", async () => {
    const { call } = await setup();
    const reviews = await (await call("/site/reviews")).text();
    expect(reviews).toMatch(/formAction="\.\.\/site\/reviews\/preview\?token=[^"#]+#testimonials"/);
    const hours = await (await call("/site/hours")).text();
    expect(hours).toMatch(/formAction="\.\.\/site\/hours\/preview\?token=[^"#]+#footer-contact"/);
    const exton = await (await call("/site/pages/exton")).text();
    expect(exton).toMatch(/formAction="\.\.\/\.\.\/site\/pages\/exton\/preview\?token=[^"#]+"/);
  });

  it("answers with the page, its links off, under a policy without script", async () => {
    const { call } = await setup();
    const form = await groupForm(call, "contact");
    form.set("contact.phone", "(484) 555-0177");
    const response = await call("/site/contact/preview", post(form));
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/^default-src 'none';/);
    expect(policy).not.toContain("script-src");
    expect(policy).toContain("form-action 'none'");
    const html = await response.text();
    expect(html).toContain(previewBannerHelp);
    expect(html).not.toContain('href="tel:');
  });
});
