/**
 * Test support for booking: the home the booking tests quote (a routine three-bedroom, two-bath
 * home of 1,800 sq ft), its request from Exton, which the repository's settings book online, and
 * the assembled contact function (contact-function.ts) on the real SQLite store in memory with a
 * silent mailer, through which a visitor sends that request, opens their page and books.
 *
 * No test runner is imported here: the Playwright specs and the benches take the request too.
 */
import { parseContactConfig } from "../../functions/send-contact-email/base/config.ts";
import { silentLogger } from "../../functions/send-contact-email/base/log.ts";
import {
  type ContactFunction,
  createContactFunction,
} from "../../functions/send-contact-email/contact-function.ts";
import { createLinkSigner } from "../../functions/send-contact-email/links/signed-links.ts";
import { parseOwnerConfig } from "../../functions/send-contact-email/owner/owner-config.ts";
import type { ContactInput } from "../../shared/contact-schema.ts";
import type { HomeInputs } from "../../shared/quote/estimate.ts";
import type { StoredQuoteDetails } from "../../shared/quote/quote-details.ts";
import { validRequest } from "../integration/support/requests.ts";
import { testStore } from "./stores.ts";

/** The estimate's inputs for a routine three-bedroom, two-bath home of 1,800 sq ft. */
export const homeInputs = (frequency: HomeInputs["frequency"] = "one-time"): HomeInputs => ({
  kind: "home",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  condition: "routine",
  frequency,
  addOns: [],
});

/**
 * A residential request from a home in Exton (19341) with its estimate, once unless told how
 * often: the repository's settings book it online. Other fields of the body in `overrides`.
 */
export const homeRequest = ({
  frequency,
  ...overrides
}: { frequency?: HomeInputs["frequency"] } & Record<string, unknown> = {}) => ({
  ...validRequest({ service: "residential" } as Partial<ContactInput>),
  zip: "19341",
  estimate: homeInputs(frequency),
  ...overrides,
});

/** That home's weekly estimate as stored: $180–$220 the first visit, $150–$190 each later one. */
export const storedWeeklyHome: StoredQuoteDetails = {
  zip: "19341",
  inServiceArea: true,
  town: "Exton",
  estimate: {
    low: 180,
    high: 220,
    recurring: { low: 150, high: 190 },
    currency: "USD",
    priceList: "2026-11-a",
    inputs: homeInputs("weekly"),
  },
};

export const publicKey = "test-public-key";
export const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  VISITOR_LINK_SECRET: "a-visitor-link-secret-of-enough-length-0123",
  CALENDAR_LINK_SECRET: "a-calendar-link-secret-of-enough-length-012",
};

/** A sent request as its visitor holds it: the id and the signed token of their link. */
export type Visitor = { id: string; token: string };

export type BookingFunction = Awaited<ReturnType<ReturnType<typeof bookingFunctions>["start"]>>;

/**
 * Starts contact functions for booking tests, each on a store of its own, and stops every one it
 * started: `const functions = bookingFunctions(); afterEach(functions.stopAll);`.
 */
export function bookingFunctions() {
  const running: ContactFunction[] = [];
  const owner = createLinkSigner(secrets.OWNER_LINK_SECRET, { scope: "owner" });
  const visitor = createLinkSigner(secrets.VISITOR_LINK_SECRET, { scope: "visitor" });

  async function start() {
    const fn = createContactFunction({
      config: parseContactConfig({
        CONTACT_PUBLIC_KEY: publicKey,
        OUTBOX_DRAIN_SECRET: "drain-secret-of-at-least-32-characters",
        // Several visitors from one address, and many taps each; the limits are not under test.
        RATE_LIMIT_MAX: "100",
        VISITOR_RATE_LIMIT_MAX: "1000",
      }),
      owner: parseOwnerConfig(
        { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
        { production: true, defaultFunctionUrl: functionUrl },
      ),
      openStore: async () => ({ store: testStore() }),
      mailer: { send: async () => "test", close: async () => {} },
      log: silentLogger,
    });
    running.push(fn);
    await fn.start();
    /** A request to the function at `path` under its address ("" for the form's POST). */
    const call = (path: string, init?: RequestInit) =>
      fn.fetch(new Request(`${functionUrl}${path}`, init), { peer: "127.0.0.1" });
    /** Sends a quote request as the form does; its visitor's link as the acknowledgement has it. */
    const send = async (body: object): Promise<Visitor> => {
      const response = await call("", {
        method: "POST",
        headers: { apikey: publicKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) {
        throw new Error(`not sent (${response.status}): ${await response.text()}`);
      }
      const { id } = (await response.json()) as { id: string };
      return { id, token: await visitor.sign(id, new Date()) };
    };
    /** The visitor's page, with `query` ("&from=…") after its token: its HTML. */
    const page = async (request: Visitor, query = "") =>
      (await call(`/request/${request.id}?token=${request.token}${query}`)).text();
    /** Posts a form of the visitor's page with their token. */
    const post = (request: Visitor, fields: Record<string, string>) =>
      call(`/request/${request.id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: request.token, ...fields }),
      });
    /** Taps a time the page offers ("2027-03-02T08:00"). */
    const book = (request: Visitor, start: string) => post(request, { action: "book", start });
    const store = () => {
      if (!fn.store) throw new Error("not open");
      return fn.store;
    };
    return { fn, call, send, page, post, book, store, owner, visitor };
  }

  return {
    start,
    stopAll: async () => {
      for (const fn of running.splice(0)) await fn.stop();
    },
  };
}
