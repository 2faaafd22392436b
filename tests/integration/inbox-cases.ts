/**
 * The inbox, sources, counts and follow-ups (decision 0015) as tests, against every host of send-contact-email over real HTTP (node-host.test.ts on
 * SQLite, node-postgres.test.ts and deno-host.test.ts on Postgres): where a request came from, the
 * pages' beacons counted per page and day, the owner's inbox (signed, filtered, searched, CSV, the
 * week's numbers), and the follow-ups to customers (a review request queued once, a status change
 * stopping it, the daily cap, an opt-out honoured). Each host runs with REVIEW_URL, a review
 * request at once (REVIEW_AFTER_HOURS=0) and COUNT_RATE_LIMIT_MAX=5, and its own client address per
 * test (TRUST_PROXY=1).
 */
import { describe, expect, it } from "vitest";
import { inboxSubject } from "../../functions/send-contact-email/inbox/inbox-routes.ts";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import type { ContractHost, DeliveredMail } from "./contract-cases.ts";
import { functionPath } from "./contract-cases.ts";
import { waitUntil } from "./support/ports.ts";
import { validRequest } from "./support/requests.ts";

export type InboxHost = ContractHost & {
  /** OWNER_LINK_SECRET of the host: the test signs the owner's and the inbox's links with it. */
  ownerLinkSecret: string;
  /** REVIEW_URL of the host. */
  reviewUrl: string;
  /** Every e-mail delivered to that address so far. */
  mailsTo(address: string): DeliveredMail[];
};

/** The settings every host runs these cases with. */
export const inboxSettings = {
  REVIEW_URL: "https://g.page/r/keystone-test/review",
  REVIEW_AFTER_HOURS: "0",
  COUNT_RATE_LIMIT_MAX: "5",
};

let clients = 0;
const client = () => {
  clients += 1;
  return `192.0.2.${clients % 250}, 10.9.${Math.floor(clients / 250)}.${clients % 250}`;
};

export function describeInboxContract(hostName: string, getHost: () => InboxHost) {
  describe(`${hostName}: sources, counts, the inbox and follow-ups`, () => {
    const base = () => `${getHost().projectUrl}${functionPath}`;
    const origin = () => getHost().allowedOrigin;
    const links = () => createLinkSigners(parseLinkSettings({}, getHost().ownerLinkSecret));
    // One run's requests, apart from every other run's and host's.
    const run = crypto.randomUUID().slice(0, 8);

    async function submit(fields: Record<string, unknown>) {
      const response = await fetch(base(), {
        method: "POST",
        headers: {
          apikey: getHost().publicKey,
          "content-type": "application/json",
          origin: origin(),
          "x-forwarded-for": client(),
        },
        body: JSON.stringify({ ...validRequest(), elapsedMs: 60_000, ...fields }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { id: string }).id;
    }

    function beacon(body: string, headers: Record<string, string> = {}) {
      return fetch(`${base()}/count`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
          origin: origin(),
          ...headers,
        },
        body,
      });
    }

    async function inbox(params: Record<string, string> = {}, path = "inbox") {
      const token = await links().inbox.sign(inboxSubject, new Date());
      return fetch(`${base()}/${path}?${new URLSearchParams({ token, ...params })}`);
    }

    async function setStatus(id: string, status: string) {
      const token = await links().owner.sign(id, new Date());
      const response = await fetch(`${base()}/lead/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: origin() },
        body: new URLSearchParams({ token, status }),
        redirect: "manual",
      });
      expect(response.status).toBe(303);
    }

    async function ownerPage(id: string) {
      const token = await links().owner.sign(id, new Date());
      return (await fetch(`${base()}/lead/${id}?token=${encodeURIComponent(token)}`)).text();
    }

    const figure = (html: string, name: string) =>
      Number(new RegExp(`<dt>${name}</dt><dd>(\\d+)</dd>`).exec(html)?.[1] ?? Number.NaN);

    it("stores where the visit came from; the owner's e-mail and page say it in words", async () => {
      const source = {
        landingPage: "/exton",
        referrer: "www.google.com",
        utm: { source: "google", medium: "cpc", campaign: `fall-${run}` },
      };
      const id = await submit({ name: `Source ${run}`, source });
      const mail = await getHost().waitForMail(id);
      const words = `Came from a Google ad, campaign "fall-${run}", landed on /exton`;
      expect(mail.text).toContain(words);
      expect(await ownerPage(id)).toContain(words.replace(/"/g, "&quot;"));
      const refused = await fetch(base(), {
        method: "POST",
        headers: {
          apikey: getHost().publicKey,
          "content-type": "application/json",
          "x-forwarded-for": client(),
        },
        body: JSON.stringify({
          ...validRequest(),
          source: { landingPage: "/wp-admin", referrer: null },
        }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fields: { source: "Please check where the visit came from." },
      });
    });

    it("counts the pages' beacons by page and day, only known events and pages from the site", async () => {
      const before = await (await inbox()).text();
      const address = client();
      const sent = [
        await beacon("e=call&p=/exton", { "x-forwarded-for": address }),
        await beacon("e=form-start&p=/contact", { "x-forwarded-for": address }),
        await beacon("e=view&p=/exton", { "x-forwarded-for": address }),
      ];
      expect(sent.map((response) => response.status)).toEqual([204, 204, 204]);
      // Refused, and counted nowhere.
      expect((await beacon("e=click&p=/exton", { "x-forwarded-for": client() })).status).toBe(400);
      expect((await beacon("e=call&p=/admin", { "x-forwarded-for": client() })).status).toBe(400);
      expect(
        (
          await beacon("e=call&p=/exton", {
            origin: "https://evil.example",
            "x-forwarded-for": client(),
          })
        ).status,
      ).toBe(403);
      // Five from one address in ten minutes (COUNT_RATE_LIMIT_MAX), then 429.
      await beacon("e=view&p=/", { "x-forwarded-for": address });
      await beacon("e=view&p=/", { "x-forwarded-for": address });
      const limited = await beacon("e=call&p=/exton", { "x-forwarded-for": address });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      const after = await (await inbox()).text();
      expect(figure(after, "Phone taps") - figure(before, "Phone taps")).toBe(1);
      expect(figure(after, "Forms started") - figure(before, "Forms started")).toBe(1);
    });

    it("shows the inbox to a signed link only: newest first, filtered, searched, spam apart", async () => {
      const older = await submit({ name: `Inbox ${run} Older`, zip: "19406", service: "carpet" });
      const newer = await submit({
        name: `Inbox ${run} Newer`,
        zip: "19341",
        service: "residential",
        phone: "(610) 555-0177",
        source: { landingPage: "/", referrer: "l.facebook.com" },
      });
      await submit({ name: `Inbox ${run} Spam`, website: "https://spam.example" });
      await setStatus(older, "won");
      const names = (html: string) =>
        [...html.matchAll(/<a class="row" href="lead\/([^?]+)\?[^"]*"><span>([^<]*)<\/span>/g)].map(
          (match) => match[2],
        );
      const response = await inbox({ q: `Inbox ${run}` });
      expect(response.status).toBe(200);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      const html = await response.text();
      expect(names(html)).toEqual([`Inbox ${run} Newer`, `Inbox ${run} Older`]);
      expect(html).toContain("from Facebook");
      expect(html).toContain('<span class="status won">Won</span>');
      expect(html).toContain("1 spam request not shown");
      expect(names(await (await inbox({ q: `Inbox ${run}`, town: "Exton" })).text())).toEqual([
        `Inbox ${run} Newer`,
      ]);
      expect(names(await (await inbox({ q: `Inbox ${run}`, status: "won" })).text())).toEqual([
        `Inbox ${run} Older`,
      ]);
      expect(names(await (await inbox({ q: `Inbox ${run}`, status: "spam" })).text())).toEqual([
        `Inbox ${run} Spam`,
      ]);
      expect(
        names(await (await inbox({ q: "610 555 0177", service: "residential" })).text()),
      ).toContain(`Inbox ${run} Newer`);
      // Its rows open the requests' own pages.
      const row = new RegExp(`href="(lead/${newer}\\?token=[^"]+)"`).exec(html)?.[1] ?? "";
      const page = await fetch(`${base()}/${row.replace(/&amp;/g, "&")}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`Inbox ${run} Newer`);
      // Nothing for a token of another scope, an altered one, or none.
      const ownerToken = await links().owner.sign(inboxSubject, new Date());
      for (const token of [ownerToken, "1.x", ""]) {
        const refused = await fetch(`${base()}/inbox?token=${encodeURIComponent(token)}`);
        expect(refused.status).toBe(403);
        expect(await refused.text()).not.toContain(`Inbox ${run}`);
      }
    });

    it("searches the town, the service, the message, the ZIP and the source on this store", async () => {
      const found = await submit({
        name: `Search ${run}`,
        zip: "19406",
        service: "residential",
        message: `A piano room, note ${run}-piano`,
        source: {
          landingPage: "/exton",
          referrer: "www.google.com",
          utm: { source: "google", medium: "cpc", campaign: `spring-${run}` },
        },
      });
      const ids = async (params: Record<string, string>) =>
        [
          ...(await (await inbox(params)).text()).matchAll(/<a class="row" href="lead\/([^?]+)\?/g),
        ].map((match) => match[1]);
      expect(await ids({ q: `${run}-PIANO` })).toEqual([found]);
      expect(await ids({ q: `spring-${run}` })).toEqual([found]);
      for (const q of ["king of prussia", "19406", "Residential Cleaning", "google ads"])
        expect(await ids({ q, period: "7d" }), q).toContain(found);
    });

    it("shows requests tagged with words an object's prototype also has, like any other", async () => {
      const words = ["constructor", "__proto__", "toString", "hasOwnProperty"];
      for (const word of words)
        await submit({
          name: `Proto ${run} ${word}`,
          source: {
            landingPage: "/exton",
            referrer: /^[a-z0-9-]+$/i.test(word) ? word.toLowerCase() : null,
            utm: { source: word, medium: word, campaign: word },
          },
        });
      const queries: Record<string, string>[] = [{ q: `Proto ${run}` }, { week: "last" }, {}];
      for (const params of queries) {
        const response = await inbox(params);
        expect(response.status, JSON.stringify(params)).toBe(200);
        const html = await response.text();
        expect(html).not.toMatch(/function \w*\(|native code|\[object /);
      }
      const html = await (await inbox({ q: `Proto ${run}` })).text();
      for (const word of words) expect(html).toContain(`· from ${word}</p>`);
      const csv = await inbox({ q: `Proto ${run}` }, "inbox.csv");
      expect(csv.status).toBe(200);
    });

    it("downloads the inbox's selection as CSV for a spreadsheet", async () => {
      await submit({ name: `=CSV ${run}`, source: { landingPage: "/berwyn", referrer: null } });
      const response = await inbox({ q: `CSV ${run}` }, "inbox.csv");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      // The byte order mark spreadsheet programs need (a decoder drops it when reading).
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, row, ...rest] = new TextDecoder().decode(bytes).trim().split("\r\n");
      expect(header).toContain('"sourceChannel","landingPage","referrer"');
      expect(rest).toEqual([]);
      expect(row).toContain(`"'=CSV ${run}"`);
      expect(row).toContain('"Direct","/berwyn",""');
    });

    it("asks a customer for a review once; a change stops it, the daily cap holds, an opt-out is honoured", async () => {
      const address = `pat.${run}@example.org`;
      const first = await submit({ name: "Pat Review", email: address, message: `First ${run}` });
      const second = await submit({ name: "Pat Review", email: address, message: `Second ${run}` });
      // The visitor's mail also holds the acknowledgements of their requests (booking/).
      const reviews = () =>
        getHost()
          .mailsTo(address)
          .filter((mail) => mail.subject.endsWith("would you review us?"));
      await setStatus(first, "won");
      await waitUntil(() => reviews().length > 0, {
        timeoutMs: 20_000,
        what: "the review request",
      });
      const [review] = reviews();
      expect(review?.subject).toMatch(/would you review us\?$/);
      expect(review?.text).toContain("Hello Pat,");
      expect(review?.text).toContain(getHost().reviewUrl);
      expect(review?.text).not.toContain(`First ${run}`);
      const optOut = /https?:\/\/\S+\/opt-out\/([0-9a-f]{64})\?token=(\S+)/.exec(
        review?.text ?? "",
      );
      expect(optOut).not.toBeNull();
      // The mail server has the message before the server has its answer and notes the sending:
      // wait for the note itself, not for the mail.
      await waitUntil(async () => /Review request: e-mailed /.test(await ownerPage(first)), {
        timeoutMs: 20_000,
        what: "the review request noted as e-mailed",
      });

      // The second, to the same address the same day, waits for the cap.
      await setStatus(second, "won");
      const waits = /Review request: to be e-mailed [^<]* \(waiting: 1 e-mail\(s\) to this address/;
      await waitUntil(async () => waits.test(await ownerPage(second)), {
        timeoutMs: 20_000,
        what: "the second review request waiting for the cap",
      });
      // A change of status stops it at once; set again, the same one waits again.
      await setStatus(second, "lost");
      await waitUntil(
        async () =>
          (await ownerPage(second)).includes(
            "Review request: not sent, the status changed to lost.",
          ),
        { timeoutMs: 20_000, what: "the review request stopped" },
      );
      // The customer opts out with the link from the e-mail (a mail app's one click).
      const click = await fetch(`${base()}/opt-out/${optOut?.[1]}?token=${optOut?.[2]}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(click.status).toBe(200);
      await setStatus(second, "won");
      await waitUntil(
        async () =>
          (await ownerPage(second)).includes("Review request: not sent, the customer opted out."),
        { timeoutMs: 20_000, what: "the review request stopped by the opt-out" },
      );
      expect(reviews()).toHaveLength(1);
      const rows = (await ownerPage(second)).match(/Review request:/g) ?? [];
      expect(rows).toHaveLength(1);
    });
  });
}
