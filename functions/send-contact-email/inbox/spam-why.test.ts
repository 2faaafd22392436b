import { describe, expect, it } from "vitest";
import { fixedContent } from "../../../tests/support/content-source.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { testStore } from "../../../tests/support/stores.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import { handleInbox, inboxSubject } from "./inbox-routes.ts";

const now = new Date("2026-11-25T15:00:00Z");
const links = createLinkSigners(parseLinkSettings({}, "an-owner-secret-of-enough-length-0123"));

describe("the inbox's spam rows", () => {
  it("say why the spam filter set each one aside, and nothing for spam the owner marked", async () => {
    const store = testStore();
    try {
      const at = new Date(now.getTime() - 3_600_000);
      await storeSample(
        store,
        at,
        { name: "Robo <Bot>" },
        {
          status: "spam",
          spamReason: "sent 0.9 seconds after the page opened, with a <b>web link</b> in it",
        },
      );
      const marked = await storeSample(store, at, { name: "Marked Mary" });
      await store.setStatus(marked, "spam", now);
      const token = await links.inbox.sign(inboxSubject, now);
      const query = new URLSearchParams({ token, status: "spam" });
      const response = await handleInbox(
        new Request(`https://fn.example/functions/v1/send-contact-email/inbox?${query}`),
        "page",
        // The link is the router's to check (inbox-routes.test.ts); this is about the rows.
        { scope: "inbox", subject: inboxSubject, token },
        { store, links, content: fixedContent(), now: () => now },
      );
      const html = await response.text();
      expect(html).toContain(
        "Set aside by the spam filter: sent 0.9 seconds after the page opened, with a &lt;b&gt;web link&lt;/b&gt; in it",
      );
      expect(html.match(/Set aside by the spam filter/g)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
