import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { composeFollowUpEmail, type FollowUpMail, greetingName } from "./follow-up-email.ts";

const letters = {
  from: "Keystone Shine Cleaning Website <hello@example.com>",
  replyTo: "owner@example.com",
  businessName: "Keystone Shine Cleaning",
  live: repositoryFacts(),
};
const mail = (overrides: Partial<FollowUpMail> = {}): FollowUpMail => ({
  key: "review:6f1c2a9e-1111-4222-8333-944455556666",
  kind: "review",
  to: { name: "Dana Whitfield", email: "dana@example.org", service: "residential" },
  reviewUrl: "https://g.page/r/keystone/review?x=1&y=<2>",
  optOutUrl: "https://fn.example/functions/v1/send-contact-email/opt-out/abc?token=1.x",
  ...overrides,
});

describe("the e-mails to customers", () => {
  it("asks every customer for a review with the same words and the owner's link, no rating first", () => {
    const one = composeFollowUpEmail(mail(), letters);
    const other = composeFollowUpEmail(
      mail({ to: { name: "Sam Ortiz", email: "sam@example.org", service: "residential" } }),
      letters,
    );
    expect(one.to).toEqual(["dana@example.org"]);
    expect(one.replyTo).toEqual({ name: "Keystone Shine Cleaning", address: "owner@example.com" });
    expect(one.subject).toBe("Thank you from Keystone Shine Cleaning: would you review us?");
    expect(one.text).toContain("Hello Dana,");
    expect(one.text).toContain("Whatever you thought of our work");
    expect(one.text).toContain("https://g.page/r/keystone/review?x=1&y=<2>");
    expect(one.html).toContain('href="https://g.page/r/keystone/review?x=1&amp;y=&lt;2&gt;"');
    expect(one.text).not.toMatch(/stars?|rate us|how (did|was)|happy/i);
    expect(one.text.replace("Dana", "Sam")).toBe(other.text);
  });

  it("follows up a quiet quote once, naming the service, never the visitor's own words", () => {
    const followUp = composeFollowUpEmail(
      mail({
        kind: "follow-up",
        key: "follow-up:1",
        reviewUrl: null,
        to: { name: "Call 555-0100 now!", email: "x@example.org", service: "other" },
      }),
      letters,
    );
    expect(followUp.subject).toBe("Your cleaning quote from Keystone Shine Cleaning");
    expect(followUp.text).toContain("Hello,");
    expect(followUp.text).not.toContain("555-0100 now");
    expect(followUp.text).toContain("this is the only reminder we send");
  });

  it("carries the opt-out link in the text, the HTML and List-Unsubscribe with one click", () => {
    const email = composeFollowUpEmail(mail(), letters);
    const optOut = mail().optOutUrl;
    expect(email.text).toContain(`No more e-mails like this one: ${optOut}`);
    expect(email.html).toContain(optOut.replace("&", "&amp;"));
    expect(email.headers["List-Unsubscribe"]).toBe(`<${optOut}>`);
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.messageId).toBe(
      "<follow-up-review-6f1c2a9e-1111-4222-8333-944455556666@example.com>",
    );
  });

  it("greets by a first name only when it looks like one", () => {
    expect(greetingName("Dana Whitfield")).toBe("Dana");
    expect(greetingName("  José María ")).toBe("José");
    expect(greetingName("O'Brien")).toBe("O'Brien");
    for (const name of ["asdf1234", "<b>Hi</b>", "http://x.example", "Ann@x", "Dana 2", "-", ""])
      expect(greetingName(name), name).toBeNull();
  });
});
