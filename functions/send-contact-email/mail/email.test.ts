import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { escapeHtml } from "../../../tests/support/escape-html.ts";
import {
  composeContactEmail,
  composeDigestEmail,
  composeFailureNotice,
  headerSafe,
} from "./email.ts";

const request = {
  id: "0b6f4a8e-2c5d-4e7f-9a1b-3c4d5e6f7a8b",
  createdAt: "2025-03-04T19:15:00.000Z",
  name: "Jane Doe",
  email: "jane@example.org",
  phone: "(484) 555-0199",
  service: "carpet" as const,
  otherService: "",
  message: "Two rooms.\nPets at home.",
};
const fullDetails = {
  zip: "19382",
  inServiceArea: true,
  town: "West Chester",
  offer: { id: "welcome-20", percentOff: 20 },
  estimate: {
    low: 140,
    high: 180,
    recurring: { low: 175, high: 225 },
    currency: "USD" as const,
    priceList: "2026-11-a",
    inputs: { kind: "business" as const, squareFeet: 2000, visitsPerWeek: 2, addOns: [] },
  },
  preferredWindows: [{ date: "2026-12-01", window: "morning" as const }],
};
const options = {
  from: "Keystone Shine Website <hello@example.com>",
  to: ["owner@example.com"],
  businessName: "Keystone Shine Cleaning",
  wordsOf: () => repositoryFacts(),
};

describe("contact e-mail", () => {
  it("goes to the business, replies to the visitor, and names service and visitor", () => {
    const email = composeContactEmail(request, options);
    expect(email.to).toEqual(["owner@example.com"]);
    expect(email.from).toBe(options.from);
    expect(email.replyTo).toEqual({ name: "Jane Doe", address: "jane@example.org" });
    expect(email.subject).toBe("Quote request: Carpet Cleaning from Jane Doe");
    expect(email.messageId).toBe(`<contact-${request.id}@example.com>`);
    expect(email.headers).toEqual({ "X-Contact-Request-Id": request.id });
  });

  it("names residential (house) cleaning in the subject like any other service", () => {
    const email = composeContactEmail({ ...request, service: "residential" }, options);
    expect(email.subject).toBe("Quote request: Residential Cleaning from Jane Doe");
    expect(email.text).toContain("Residential Cleaning");
  });

  it("keeps a space after every label of the plain-text part, the longest ones included", () => {
    const { text } = composeContactEmail({ ...request, ...fullDetails }, options);
    // Each "Label: value" line; "Message:" heads the lines that follow it.
    const labelled = text.split("\n").filter((line) => /^[A-Z][A-Za-z ]*:./.test(line));
    expect(labelled.map((line) => line.split(":")[0])).toEqual(
      expect.arrayContaining(["Name", "Phone", "Estimate", "Estimate for", "Preferred times"]),
    );
    for (const line of labelled) expect(line).toMatch(/^[A-Z][A-Za-z ]*: +\S/);
    // The values line up.
    const columns = new Set(
      labelled
        .filter((line) => !/^(Received|Request ID|Open the request)/.test(line))
        .map((line) => line.search(/(?<=:\s+)\S/)),
    );
    expect(columns.size).toBe(1);
  });

  it("shows the visitor's phone formatted, linked in the HTML part", () => {
    const typed = { ...request, phone: "6105550199" };
    const { text, html } = composeContactEmail(typed, options);
    expect(text).toMatch(/^Phone: +\(610\) 555-0199$/m);
    expect(text).not.toContain("6105550199");
    expect(html).toContain('<a href="tel:+16105550199">(610) 555-0199</a>');
    // A number that is not a US one is shown as typed.
    const abroad = composeContactEmail({ ...request, phone: "+44 20 7946 0958" }, options);
    expect(abroad.text).toMatch(/^Phone: +\+44 20 7946 0958$/m);
    expect(abroad.html).toContain('<a href="tel:+442079460958">+44 20 7946 0958</a>');
  });

  it("puts every field in the plain-text part, with the time in the business's zone", () => {
    const { text } = composeContactEmail(request, options);
    for (const value of [
      request.name,
      request.email,
      request.phone,
      "Carpet Cleaning",
      request.message,
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain("Tuesday, March 4, 2025 at 2:15 PM");
    expect(text).toContain(request.id);
  });

  it("shows the quote details in plain words: area, both prices, offer claimed, times", () => {
    const { text, html } = composeContactEmail({ ...request, ...fullDetails }, options);
    for (const part of [text, html]) {
      expect(part).toContain("19382, West Chester, in our service area");
      expect(part).toContain(
        "First visit $140–$180 with the 20% welcome offer, then $175–$225 a visit, 2 visits a week",
      );
      expect(part).toContain("20% welcome offer, on the first cleaning");
      expect(part).toContain("Tue Dec 1, morning");
      expect(part).toContain("business, 2,000 sq ft");
    }
    expect(
      composeContactEmail({ ...request, zip: "90210", inServiceArea: false, town: null }, options)
        .text,
    ).toContain("90210, outside our service area");
  });

  it("names a nearby ZIP as itself and the crew that covers it, not as that town", () => {
    const nearby = {
      zip: "19403",
      inServiceArea: true,
      town: "Plymouth Meeting",
      nearby: true as const,
    };
    const { text, html } = composeContactEmail({ ...request, ...nearby }, options);
    for (const part of [text, html]) {
      expect(part).toContain("19403, in our service area, covered by our Plymouth Meeting crew");
      expect(part).not.toContain("Plymouth Meeting, in our service area");
    }
  });

  it("says nothing in internal words: no offer id, no bare price list id, no ISO timestamp", () => {
    const { text, html } = composeContactEmail({ ...request, ...fullDetails }, options);
    for (const part of [text, html]) {
      expect(part).not.toContain("welcome-20");
      expect(part).not.toContain("in area:");
      expect(part).not.toContain("(price list");
      expect(part).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
      expect(part).toContain("Tuesday, March 4, 2025 at 2:15 PM (Eastern time)");
      // Kept, labelled, in the footer: the figures can be looked up against that price list.
      expect(part).toContain("Price list version 2026-11-a");
    }
  });

  it("names a price list the editor stamped by when the owner published it, in their time", () => {
    const edited = {
      ...fullDetails,
      estimate: { ...fullDetails.estimate, priceList: "edited-2026-11-29-01-12" },
    };
    const { text, html } = composeContactEmail({ ...request, ...edited }, options);
    for (const part of [text, html]) {
      expect(part).not.toContain("edited-2026");
      expect(part).toContain(
        "Prices you published on Saturday, November 28, 2026 at 8:12 PM (Eastern time)",
      );
    }
  });

  it("says where the visit came from when the page noted it, in words, escaped", () => {
    const source = {
      landingPage: "/exton",
      referrer: "www.google.com",
      utm: { source: "google", medium: "cpc", campaign: "<b>fall</b>" },
    };
    const { text, html } = composeContactEmail({ ...request, source }, options);
    expect(text).toContain(
      'Source:  Came from a Google ad, campaign "<b>fall</b>", landed on /exton',
    );
    expect(html).toContain("campaign &quot;&lt;b&gt;fall&lt;/b&gt;&quot;, landed on /exton");
    expect(composeContactEmail(request, options).text).not.toContain("Source:");
  });

  it("names the visitor's own words when the service is Other", () => {
    const other = { ...request, service: "other" as const, otherService: "Window washing" };
    expect(composeContactEmail(other, options).subject).toBe(
      "Quote request: Other: Window washing from Jane Doe",
    );
  });

  it("escapes every piece of visitor text in the HTML part", () => {
    const hostile = {
      ...request,
      name: `<img src=x onerror="alert(1)">`,
      message: `<script>alert('x')</script> & "quotes"`,
      otherService: "<b>bold</b>",
      service: "other" as const,
    };
    const { html } = composeContactEmail(hostile, options);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>bold");
    expect(html).toContain(
      "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;quotes&quot;",
    );
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps line breaks out of every header, whatever the visitor typed", () => {
    const injected = {
      ...request,
      name: "Jane\r\nBcc: victim@example.net\u2028X-Evil: 1\u0085Y",
      service: "other" as const,
      otherService: "a\nCc: x@example.net",
    };
    const email = composeContactEmail(injected, options);
    for (const value of [email.subject, email.replyTo.name, email.replyTo.address]) {
      expect(value).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
    }
    expect(email.replyTo.name).toBe("Jane Bcc: victim@example.net X-Evil: 1 Y");
  });

  it("keeps bidirectional overrides and zero-width characters out of the subject and Reply-To", () => {
    const email = composeContactEmail(
      {
        ...request,
        name: "Ann\u202egnp.exe\u202c Z\u200bero",
        service: "other" as const,
        otherService: "Gut\u2066ters\u2069\ufeff",
      },
      options,
    );
    for (const value of [email.subject, email.replyTo.name])
      expect(value).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/);
    expect(email.replyTo.name).toBe("Anngnp.exe Zero");
    expect(email.subject).toBe("Quote request: Other: Gutters from Anngnp.exe Zero");
  });

  it("limits header length", () => {
    expect(headerSafe("x".repeat(500)).length).toBe(200);
  });

  it("escapes the five HTML-significant characters", () => {
    const { html } = composeContactEmail({ ...request, message: `<>&"'` }, options);
    expect(html).toContain("&lt;&gt;&amp;&quot;&#x27;");
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#x27;");
  });

  it("links to the owner's page for the request when given one, in both parts", () => {
    const link =
      "https://www.example.com/functions/v1/send-contact-email/lead/0b6f?token=1.a_b&x=<y>";
    const email = composeContactEmail(request, options, { requestPage: link });
    expect(email.text).toContain(
      `Open the request (call, reply, mark it contacted, won or lost):\n${link}\n`,
    );
    expect(email.html).toContain(`<a href="${escapeHtml(link)}"`);
    expect(email.html).not.toContain("<y>");
    const without = composeContactEmail(request, options);
    expect(without.text).not.toContain("Open the request");
    expect(without.html).not.toContain("Open the request");
  });

  it("writes the business's name into the Reply-To of the digest and the failure notice on one line", () => {
    const named = { ...options, businessName: "Keystone\r\nBcc: thief@example.net" };
    const digest = composeDigestEmail([{ ...request }], { ...named, hourlyCap: 20 });
    const failed = composeFailureNotice(
      [{ id: request.id, createdAt: request.createdAt, service: "carpet", error: "554" }],
      named,
    );
    for (const email of [digest, failed])
      expect(email.replyTo.name).toBe("Keystone Bcc: thief@example.net");
  });

  it("links the inbox only from the e-mails the business alone replies to", () => {
    const inbox = "https://www.example.com/functions/v1/send-contact-email/inbox?token=2.c&d=<e>";
    // The request's own e-mail is Reply-To the visitor: it has no place for the inbox at all.
    const email = composeContactEmail(request, options, { requestPage: "https://x.example/lead" });
    expect(email.replyTo.address).toBe(request.email);
    expect(email.text).not.toContain("your inbox");
    const digest = composeDigestEmail([{ ...request }], { ...options, hourlyCap: 20, inbox });
    expect(digest.text).toContain(`All requests (your inbox): ${inbox}`);
    expect(digest.html).toContain(`<a href="${escapeHtml(inbox)}">`);
    const failed = composeFailureNotice(
      [{ id: request.id, createdAt: request.createdAt, service: "carpet", error: "554" }],
      { ...options, inbox },
    );
    expect(failed.text).toContain(`read them in your inbox, ${inbox}, or with`);
    for (const business of [digest, failed])
      expect(business.replyTo.address).toBe("hello@example.com");
  });
});
