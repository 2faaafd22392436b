/**
 * What the scripts that look at the owner's pages share (site-editor-shots.ts,
 * site-editor-html.ts, owner-links-shots.ts, inbox-week-shots.ts, held-shots.ts): the contact function in this process on an
 * in-memory store, whose host shows each published version as soon as it is asked (as `npm start`
 * does once its pages are made again), and a phone at 390 px without JavaScript whose every
 * request that function answers: no server, no build.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import {
  type ContactFunction,
  createContactFunction,
  type Mailer,
  type OwnerConfig,
  type ProcessPicture,
  parseContactConfig,
  parseOwnerConfig,
  type SiteStatus,
  silentLogger,
} from "../functions/send-contact-email/index.ts";
import { openSqliteStore } from "../functions/send-contact-email/node.ts";

export const functionUrl = "https://owner.example/functions/v1/send-contact-email";

/** The function, started, with the owner's settings its links are signed with. */
export async function startOwnerFunction(options: {
  secret: string;
  /** The function's settings (.env's names), beyond its defaults. */
  env?: Record<string, string>;
  /** Where its e-mails go; by default, nowhere. */
  mailer?: Mailer;
  processPicture?: ProcessPicture;
  /**
   * The function takes up each version published (`fn.publishing.checkNow()`) as its live one,
   * as on Supabase, so that a setting published shows in its pages (held-shots.ts); by default it
   * keeps the repository's and reports what the host would serve.
   */
  followsPublishes?: boolean;
}): Promise<{ fn: ContactFunction; owner: OwnerConfig }> {
  const owner = parseOwnerConfig(
    { OWNER_LINK_SECRET: options.secret, DIGEST_TIME: "off", FUNCTION_URL: functionUrl },
    { production: true, defaultFunctionUrl: functionUrl },
  );
  let store: ReturnType<typeof openSqliteStore> | null = null;
  const status: SiteStatus = { serving: null, building: null, failed: null };
  const fn = createContactFunction({
    config: parseContactConfig(options.env ?? {}),
    owner,
    openStore: async () => {
      store = openSqliteStore(":memory:", { groupCommit: false });
      return { store };
    },
    mailer: options.mailer ?? { send: async () => "harness", close: async () => {} },
    log: silentLogger,
    processPicture: options.processPicture,
    publishing: options.followsPublishes
      ? undefined
      : {
          async checkNow() {
            status.serving = (await store?.liveContent())?.version ?? null;
          },
          status: () => ({ ...status }),
        },
  });
  await fn.start();
  return { fn, owner };
}

/** A phone with JavaScript off, whose every request `fn` answers. */
export async function phoneServedBy(
  browser: Browser,
  fn: ContactFunction,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
  await context.route("**/*", async (route) => {
    const request = route.request();
    const body = request.postDataBuffer();
    const response = await fn.fetch(
      new Request(request.url(), {
        method: request.method(),
        headers: await request.allHeaders(),
        body: body && request.method() !== "GET" ? new Uint8Array(body) : undefined,
      }),
      { peer: "127.0.0.1" },
    );
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  return context;
}
