import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import type { HomeInputs } from "../../../shared/quote/estimate.ts";
import type { LeadView } from "../base/lead-view.ts";
import { mailtoHref, ownerPageHeaders, renderOwnerPage, renderRefusal } from "./request-page.ts";

const hostile = `<script>alert("x")</script>&'"`;

const lead: LeadView = {
  id: "6f1c2a9e-1111-4222-8333-944455556666",
  createdAt: "2026-11-24T14:05:00.000Z",
  name: `Dana ${hostile}`,
  email: "dana@example.org",
  phone: "(610) 555-0134",
  service: "other",
  otherService: `Garage ${hostile}`,
  message: `Line one\nLine two ${hostile}`,
  status: "contacted",
};

const withQuote: LeadView = {
  ...lead,
  zip: "19406",
  inServiceArea: true,
  town: "King of Prussia",
  estimate: {
    low: 150,
    high: 185,
    currency: "USD",
    priceList: "2026-11",
    inputs: {
      kind: "home",
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 1200,
      condition: "routine",
      frequency: "one-time",
      addOns: [],
    },
  },
  offer: { id: "welcome-20", percentOff: 20 },
  preferredWindows: [{ date: "2026-12-01", window: "morning" }],
};

function render(view: LeadView = lead, saved = false, canAct = true) {
  return renderOwnerPage({
    lead: view,
    token: "1767000000.abc_DEF-123",
    canAct,
    businessName: "Keystone",
    words: repositoryFacts(),
    saved,
  });
}

describe("owner request page", () => {
  it("escapes every visitor string", () => {
    const html = render();
    expect(html).not.toContain("<script>");
    expect(html).not.toMatch(/alert\("x"\)/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#x27;&quot;");
    // The message keeps its line breaks (CSS pre-wrap), escaped.
    expect(html).toContain("Line one\nLine two &lt;script&gt;");
  });

  it("loads nothing from anywhere: no script, no external resource, noindex", () => {
    const html = render(withQuote);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<html lang="en">');
  });

  it("offers the four statuses as POST buttons to the page's own link, the current one pressed", () => {
    const html = render();
    const form =
      /<form action="\?token=1767000000\.abc_DEF-123" method="post">([\s\S]*?)<\/form>/.exec(
        html,
      )?.[1] ?? "";
    for (const [value, label] of [
      ["contacted", "Contacted"],
      ["won", "Won"],
      ["lost", "Lost"],
      ["spam", "Spam"],
    ]) {
      expect(form).toMatch(
        new RegExp(
          `<button type="submit" value="${value}" aria-pressed="${value === "contacted"}" name="status">${label}</button>`,
        ),
      );
    }
    expect(html).toContain('Status: <span class="status">Contacted</span>');
    expect(html).not.toContain('role="status"');
    expect(render(lead, true)).toContain('<p class="notice" role="status">Saved: Contacted.</p>');
  });

  it("links to call and to reply", () => {
    const html = render();
    expect(html).toContain('<a href="tel:+16105550134">Call (610) 555-0134</a>');
    expect(html).toContain(
      '<a href="mailto:dana@example.org?subject=Your%20quote%20request%3A%20Other%3A%20Garage%20%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E%26&#x27;%22">Reply by e-mail</a>',
    );
    // However the visitor typed it, the owner reads one format (shared/phone.ts).
    const typed = render({ ...lead, phone: "610.555.0134" });
    expect(typed).toContain('<a href="tel:+16105550134">Call (610) 555-0134</a>');
    expect(typed).toContain("<dt>Phone</dt><dd>(610) 555-0134</dd>");
    expect(mailtoHref("a+b@example.org", "Hi")).toBe("mailto:a%2Bb@example.org?subject=Hi");
  });

  it("shows the quote details when the request has them, and none otherwise", () => {
    const html = render(withQuote);
    expect(html).toContain("<dt>ZIP</dt><dd>19406, King of Prussia, in our service area</dd>");
    expect(html).toContain(
      "<dt>Estimate</dt><dd>$150–$185 for a one-time cleaning, with the 20% welcome offer</dd>",
    );
    const oneTime = withQuote.estimate as NonNullable<LeadView["estimate"]>;
    const weekly = render({
      ...withQuote,
      estimate: {
        ...oneTime,
        inputs: { ...(oneTime.inputs as HomeInputs), frequency: "weekly" },
        recurring: { low: 185, high: 235 },
      },
    });
    expect(weekly).toContain(
      "<dt>Estimate</dt><dd>First visit $150–$185 with the 20% welcome offer, then $185–$235 every week</dd>",
    );
    expect(html).toContain("<dt>Offer</dt><dd>20% welcome offer, on the first cleaning</dd>");
    expect(html).toContain("<dt>Preferred times</dt><dd>Tue Dec 1, morning</dd>");
    expect(render()).not.toMatch(/<dt>(ZIP|Estimate|Offer|Preferred times)<\/dt>/);
    const outside = render({ ...withQuote, zip: "90210", inServiceArea: false, town: null });
    expect(outside).toContain("<dt>ZIP</dt><dd>90210, outside our service area</dd>");
    const nearby = render({ ...withQuote, zip: "19403", town: "Plymouth Meeting", nearby: true });
    expect(nearby).toContain(
      "<dt>ZIP</dt><dd>19403, in our service area, covered by our Plymouth Meeting crew</dd>",
    );
  });

  it("says where the visit came from, or that none was noted", () => {
    const found = render({
      ...lead,
      source: { landingPage: "/exton", referrer: "www.google.com" },
    });
    expect(found).toContain("<dt>Source</dt><dd>Found us on Google, landed on /exton</dd>");
    expect(render()).toContain(
      "<dt>Source</dt><dd>Not noted (the site notes sources only with SITE_COUNTS=on",
    );
  });

  it("lists the customer's follow-ups when there are any", () => {
    const html = renderOwnerPage({
      lead,
      token: "t",
      canAct: true,
      businessName: "Keystone",
      words: repositoryFacts(),
      followUps: [
        { key: "review:1", text: "Review request: e-mailed Fri Nov 20, 11:00 AM." },
        { key: "follow-up:1", text: "Follow-up of the quote: not sent, <the customer opted out>." },
      ],
    });
    expect(html).toContain("<h2>Follow-ups to the customer</h2>");
    expect(html).toContain("<li>Review request: e-mailed Fri Nov 20, 11:00 AM.</li>");
    expect(html).toContain("not sent, &lt;the customer opted out&gt;.");
    expect(render()).not.toContain("Follow-ups to the customer");
  });

  it("refusals show nothing of any request", () => {
    for (const html of [renderRefusal("denied"), renderRefusal("missing")]) {
      expect(html).not.toContain("Dana");
      expect(html).not.toContain("<form");
      expect(html).toContain("noindex");
    }
  });

  it("sends headers that keep the page private and allow exactly its own style", async () => {
    const headers = await ownerPageHeaders();
    expect(headers["X-Robots-Tag"]).toBe("noindex, nofollow");
    expect(headers["Referrer-Policy"]).toBe("no-referrer");
    expect(headers["Cache-Control"]).toBe("no-store");
    const csp = headers["Content-Security-Policy"] ?? "";
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    const style = /<style>([\s\S]*?)<\/style>/.exec(render())?.[1] ?? "";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(csp).toContain(`'sha256-${hash}'`);
  });

  it("has no buttons and says why when opened from a read-only link (a push)", () => {
    const html = render(lead, false, false);
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<button");
    expect(html).toContain("shows the request only");
    expect(html).toContain("open it from its e-mail");
  });

  it("says spam the filter caught is the filter's, and spam the owner set is not", () => {
    const caught = render({ ...lead, status: "spam", statusSetAt: null });
    expect(caught).toContain("caught by the spam filter");
    const marked = render({ ...lead, status: "spam", statusSetAt: "2026-11-24T16:00:00.000Z" });
    expect(marked).toContain('Status: <span class="status">Spam</span>');
    expect(marked).not.toContain("spam filter");
  });
});
