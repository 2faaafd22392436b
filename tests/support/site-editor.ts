/**
 * The owner's site editor under test (site-editor/*.test.ts): the contact function with its real
 * SQLite store in memory and a host that shows each version as soon as it is asked (what
 * `npm start` does, at once), a signed `site` link, and the form as a browser would send it.
 */
import { afterEach, expect } from "vitest";
import {
  contactDefaults,
  parseContactConfig,
} from "../../functions/send-contact-email/base/config.ts";
import type { Logger } from "../../functions/send-contact-email/base/log.ts";
import { silentLogger } from "../../functions/send-contact-email/base/log.ts";
import type {
  SitePublishing,
  SiteStatus,
} from "../../functions/send-contact-email/base/site-publishing.ts";
import {
  type ContactFunction,
  createContactFunction,
} from "../../functions/send-contact-email/contact-function.ts";
import type { SqliteStore } from "../../functions/send-contact-email/database/sqlite-store.ts";
import { createRateLimiter } from "../../functions/send-contact-email/http/rate-limiter.ts";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { parseOwnerConfig } from "../../functions/send-contact-email/owner/owner-config.ts";
import type { SiteEditorDeps } from "../../functions/send-contact-email/site-editor/site-editor-routes.ts";
import { siteSubject } from "../../functions/send-contact-email/site-editor/site-editor-routes.ts";
import { repositoryContent } from "../../shared/content/repository-content.ts";
import type { SiteContent } from "../../shared/content/site-content.ts";
import { testStore } from "./stores.ts";

export const functionUrl = "https://www.example.org/functions/v1/send-contact-email";
const secrets = {
  OWNER_LINK_SECRET: "an-owner-link-secret-of-enough-length-0123",
  SITE_LINK_SECRET: "a-site-editor-link-secret-of-enough-length-0",
};
export const config = parseContactConfig({ CONTACT_PUBLIC_KEY: "test-public-key" });
export const owner = parseOwnerConfig(
  { ...secrets, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
  { production: true, defaultFunctionUrl: functionUrl },
);
export const signers = createLinkSigners(parseLinkSettings(secrets, secrets.OWNER_LINK_SECRET));
export const repository = repositoryContent as SiteContent;

/** A host that shows each version as soon as it is asked to: what `npm start` does, at once. */
export function fakePublishing(store: () => SqliteStore | null) {
  const calls = { checkNow: 0, previews: [] as { document: SiteContent; path: string }[] };
  const status: SiteStatus = { serving: null, building: null, failed: null };
  const publishing: SitePublishing & { calls: typeof calls; status(): SiteStatus } = {
    calls,
    async checkNow() {
      calls.checkNow += 1;
      status.serving = (await store()?.liveContent())?.version ?? null;
    },
    status: () => ({ ...status }),
    async preview(document, path) {
      calls.previews.push({ document, path });
      return `<!doctype html><html lang="en"><head><title>Home</title></head><body class="site"><a href="tel:+1">${document.contact.phone}</a></body></html>`;
    },
  };
  return publishing;
}

export const running: ContactFunction[] = [];
afterEach(async () => {
  for (const fn of running.splice(0)) await fn.stop();
});

export type Setup = { publishing?: SitePublishing | "none"; log?: Logger };

export async function setup(options: Setup = {}) {
  let store: SqliteStore | null = null;
  const fake = fakePublishing(() => store);
  const publishing =
    options.publishing === "none"
      ? { checkNow: fake.checkNow, status: fake.status }
      : (options.publishing ?? fake);
  const fn = createContactFunction({
    config,
    owner,
    openStore: async () => {
      store = testStore();
      return { store };
    },
    mailer: { send: async () => "test", close: async () => {} },
    log: options.log ?? silentLogger,
    publishing,
  });
  running.push(fn);
  await fn.start();
  const token = await signers.site.sign(siteSubject, new Date());
  const call = (path: string, init?: RequestInit, withToken = token) =>
    fn.fetch(
      new Request(
        `${functionUrl}${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(withToken)}`,
        init,
      ),
      { peer: "127.0.0.1" },
    );
  return { fn, fake, token, call, store: () => store as SqliteStore };
}

export const post = (fields: Record<string, string> | URLSearchParams): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
});

/** The form as a browser sends it: every field's value, ticked boxes only, the chosen options. */
export function formOf(html: string): URLSearchParams {
  const form = new URLSearchParams();
  const attributes = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map((match) => [match[1], match[2] ?? ""]),
    );
  const unescaped = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const body = html.slice(html.indexOf("<form"));
  for (const [, tag] of body.matchAll(/<input ([^>]*)\/?>/g)) {
    const input = attributes(tag as string);
    if (!input.name) continue;
    if (input.type === "checkbox") {
      if ("checked" in input) form.append(input.name, "on");
    } else form.append(input.name, unescaped(input.value ?? ""));
  }
  for (const [, tag, text] of body.matchAll(/<textarea ([^>]*)>([^<]*)<\/textarea>/g))
    form.append(
      attributes(tag as string).name as string,
      unescaped((text as string).replace(/^\n/, "")),
    );
  for (const [, tag, options] of body.matchAll(/<select ([^>]*)>(.*?)<\/select>/g)) {
    const chosen =
      /<option value="([^"]*)" selected="">/.exec(options as string) ??
      /<option value="([^"]*)"/.exec(options as string);
    form.append(attributes(tag as string).name as string, unescaped(chosen?.[1] ?? ""));
  }
  return form;
}

export async function liveDocument(store: SqliteStore): Promise<SiteContent> {
  const live = await store.liveContent();
  if (!live) throw new Error("nothing was published");
  return live.document as SiteContent;
}

/** The opening tag of the element with this id, its attributes in whatever order React writes. */
export function tagOf(html: string, id: string): string {
  return new RegExp(`<(?:input|select|textarea) id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

export async function groupForm(call: Awaited<ReturnType<typeof setup>>["call"], group: string) {
  const response = await call(`/site/${group}`);
  expect(response.status, group).toBe(200);
  return formOf(await response.text());
}

/** The site's address the editor links to in these tests (no SITE_URL: the function's origin). */
export const siteAddress = new URL(functionUrl).origin;

/** What a handler called directly needs, over a store of its own. */
export function directDeps(store: SqliteStore, more: Partial<SiteEditorDeps> = {}): SiteEditorDeps {
  return {
    store,
    publishing: fakePublishing(() => store),
    deployHookUrl: null,
    publishLimit: createRateLimiter({
      max: contactDefaults.sitePublishesPer10Minutes,
      windowMs: 600_000,
    }),
    siteAddress,
    ...more,
  };
}

/** A `site` grant, as the link check hands one to a handler. */
export async function siteGrant() {
  const token = await signers.site.sign(siteSubject, new Date());
  return { scope: "site" as const, subject: siteSubject, token };
}

/** The words a page shows: its <main> without tags (no stylesheet, no attribute). */
export function textOf(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html;
  return main
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export { testStore };
