import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import type { LeadView } from "../base/lead-view.ts";
import { alertNotice, digestNotice, reminderNotice } from "./notice.ts";
import { discordEscape, pushRequest, sendPush, slackEscape } from "./push.ts";

const secretMessage = "PLEASE-NEVER-FORWARD-THIS-MESSAGE";
const lead: LeadView = {
  id: "6f1c2a9e-1111-4222-8333-944455556666",
  createdAt: "2026-11-24T14:05:00.000Z",
  name: "Dana <@everyone> [x](https://evil.example)",
  email: "dana@example.org",
  phone: "(610) 555-0134",
  service: "carpet",
  otherService: "",
  message: secretMessage,
  status: "new",
  zip: "19406",
  inServiceArea: true,
  town: "King of Prussia",
  estimate: {
    low: 120,
    high: 150,
    recurring: { low: 150, high: 185 },
    currency: "USD",
    priceList: "2026-11",
    inputs: { kind: "business", squareFeet: 2000, visitsPerWeek: 1, addOns: [] },
  },
  offer: { id: "welcome-20", percentOff: 20 },
};
const link = "https://www.example.com/functions/v1/send-contact-email/lead/6f1c?token=1.abc";

describe("notices", () => {
  it("an alert says who, which service, which town, the estimate and the link, never the message", () => {
    const notice = alertNotice(lead, link, repositoryFacts());
    expect(notice.title).toBe(`New quote request: ${lead.name}`);
    expect(notice.lines.join("\n")).toContain("Carpet");
    expect(notice.lines.join("\n")).toContain("King of Prussia");
    // Both prices: the first visit with the offer, each later visit without it.
    expect(notice.lines.join("\n")).toContain(
      "First visit $120–$150 with the 20% welcome offer, then $150–$185 a visit, once a week",
    );
    expect(notice.url).toBe(link);
    for (const format of ["ntfy", "slack", "discord", "json"] as const) {
      const request = pushRequest(notice, { url: "https://push.example/topic", format });
      expect(request.body).not.toContain(secretMessage);
      expect(request.body).not.toContain(lead.email);
    }
  });

  it("leaves out what a request does not have", () => {
    const plain: LeadView = {
      ...lead,
      zip: undefined,
      town: undefined,
      inServiceArea: undefined,
      estimate: undefined,
    };
    expect(alertNotice(plain, null, repositoryFacts()).lines).toEqual(["Carpet Cleaning"]);
    expect(
      alertNotice(
        { ...lead, inServiceArea: false, town: null, zip: "90210" },
        null,
        repositoryFacts(),
      ).lines[0],
    ).toContain("90210 (outside the service area)");
  });

  it("a reminder names the hours and the promise", () => {
    const notice = reminderNotice(lead, link, 20, repositoryFacts());
    expect(notice.title).toBe(`Still waiting after 20 hours: ${lead.name}`);
    expect(notice.lines).toContain("The site promises a reply within 24 hours.");
  });

  it("a digest lists the day's requests with status, who waits, and out-of-area ZIPs", () => {
    const won: LeadView = { ...lead, id: "b", name: "Ben", status: "won" };
    const outside: LeadView = {
      ...lead,
      id: "c",
      name: "Cy",
      zip: "90210",
      inServiceArea: false,
      town: null,
    };
    const notice = digestNotice({
      day: "2026-11-24",
      received: [lead, won, outside],
      waiting: [lead, outside],
      wordsOf: repositoryFacts,
      linkFor: (item) => `https://x.example/lead/${item.id}`,
    });
    expect(notice.title).toBe("Quote requests, digest of 2026-11-24: 3 new, 2 waiting");
    const text = notice.lines.join("\n");
    expect(text).toContain("3 new requests in the last 24 hours.");
    expect(text).toContain(
      "- Ben: Carpet Cleaning · King of Prussia · First visit $120–$150 with the 20% welcome offer, then $150–$185 a visit, once a week [Won]",
    );
    expect(text).toContain("Outside the service area: 90210.");
    expect(text).toContain("2 requests still waiting for an answer:");
    expect(text).toContain("https://x.example/lead/c");
    expect(text).not.toContain(secretMessage);
    expect(notice.leads.map((item) => item.id)).toEqual([lead.id, "b", "c"]);
    const quiet = digestNotice({
      day: "2026-11-25",
      received: [],
      waiting: [],
      wordsOf: repositoryFacts,
      linkFor: () => null,
    });
    expect(quiet.lines).toEqual([
      "0 new requests in the last 24 hours.",
      "Nobody is waiting for an answer.",
    ]);
  });
});

describe("push formats", () => {
  const notice = alertNotice(lead, link, repositoryFacts());

  it("ntfy: JSON to the server root with the topic, a click link and a view action", () => {
    const request = pushRequest(notice, {
      url: "https://ntfy.example/base/keystone-leads",
      format: "ntfy",
    });
    expect(request.url).toBe("https://ntfy.example/base/");
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      topic: "keystone-leads",
      title: notice.title,
      click: link,
      priority: 4,
    });
    expect(body.actions).toEqual([{ action: "view", label: "Open the request", url: link }]);
    expect(pushRequest(notice, { url: "https://ntfy.sh/t1", format: "ntfy" }).url).toBe(
      "https://ntfy.sh/",
    );
  });

  it("never carries the inbox, in any format, even for a notice queued with one", () => {
    const inbox = "https://fn.example/functions/v1/send-contact-email/inbox?token=9.x";
    const withInbox = { ...notice, inbox };
    for (const format of ["ntfy", "slack", "discord", "json"] as const) {
      const body = pushRequest(withInbox, { url: "https://push.example/t", format }).body;
      expect(body).not.toContain("/inbox");
      expect(body).toContain(link);
    }
    const ntfy = JSON.parse(
      pushRequest(withInbox, { url: "https://ntfy.sh/t", format: "ntfy" }).body,
    );
    expect(ntfy.click).toBe(link);
    expect(ntfy.actions).toEqual([{ action: "view", label: "Open the request", url: link }]);
    const digest = JSON.parse(
      pushRequest({ ...withInbox, url: null }, { url: "https://ntfy.sh/t", format: "ntfy" }).body,
    );
    expect(digest.click).toBeUndefined();
    expect(digest.actions).toBeUndefined();
  });

  it("Slack: escaped text with a link", () => {
    const body = JSON.parse(
      pushRequest(notice, { url: "https://hooks.slack.example/x", format: "slack" }).body,
    );
    expect(body.text).toContain("Dana &lt;@everyone&gt;");
    expect(body.text).toContain(`<${link}|Open the request>`);
    expect(slackEscape("<!channel> & co")).toBe("&lt;!channel&gt; &amp; co");
  });

  it("Discord: escaped markdown and no mentions", () => {
    const body = JSON.parse(
      pushRequest(notice, { url: "https://discord.example/api/webhooks/1/x", format: "discord" })
        .body,
    );
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toContain("\\<\\@everyone\\> \\[x\\]\\(https\\://evil.example\\)");
    expect(discordEscape("*bold*")).toBe("\\*bold\\*");
  });

  it("generic JSON: the event, the text and the lead's facts", () => {
    const body = JSON.parse(
      pushRequest(notice, { url: "https://hook.example/in", format: "json" }).body,
    );
    expect(body.event).toBe("alert");
    expect(body.url).toBe(link);
    expect(body.leads[0]).toEqual({
      id: lead.id,
      name: lead.name,
      service: "Carpet Cleaning",
      town: "King of Prussia",
      zip: "19406",
      inServiceArea: true,
      estimate: { low: 120, high: 150, recurring: { low: 150, high: 185 }, currency: "USD" },
      receivedAt: lead.createdAt,
      url: link,
    });
  });
});

describe("sendPush against a receiver on loopback", () => {
  const received: Array<{ url: string; body: string }> = [];
  let status = 200;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ url: request.url ?? "", body });
      response.writeHead(status).end("ok");
    });
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers, and throws when the receiver refuses", async () => {
    const request = pushRequest(alertNotice(lead, link, repositoryFacts()), {
      url: `${base}/leads`,
      format: "ntfy",
    });
    expect(await sendPush(request)).toBe(`push:${new URL(base).host}`);
    expect(received.at(-1)?.url).toBe("/");
    expect(JSON.parse(received.at(-1)?.body ?? "{}").topic).toBe("leads");
    status = 503;
    await expect(sendPush(request)).rejects.toThrow("push refused: HTTP 503");
  });
});

describe("a push that cannot be sent", () => {
  const webhook = "https://hooks.slack.example/services/T0001/B0002/WEBHOOK-SECRET-XYZ";

  it("says why without the webhook's URL, which is its secret", async () => {
    const request = pushRequest(alertNotice(lead, link, repositoryFacts()), {
      url: webhook,
      format: "slack",
    });
    // How Deno and undici word a failed request: the whole URL, or a cause beside it.
    const failures = [
      new TypeError(`error sending request for url (${webhook}): connection refused`),
      Object.assign(new TypeError("fetch failed"), {
        cause: new Error(`getaddrinfo ENOTFOUND hooks.slack.example (${webhook})`),
      }),
    ];
    for (const failure of failures) {
      const fetcher = (async () => {
        throw failure;
      }) as typeof fetch;
      const error = await sendPush(request, { fetcher }).catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^push to hooks\.slack\.example failed: /);
      expect((error as Error).message).not.toContain("WEBHOOK-SECRET");
      expect((error as Error).message).not.toContain("/services/");
    }
  });
});
