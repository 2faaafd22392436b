/**
 * The static host's build hook and unchanged publishes (publish-version.ts): one call per publish;
 * an unchanged Publish calls again only when the last call for the live version failed, and the
 * fact is the store's, so every server sharing it agrees; the home says in words what the host
 * was asked and when.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  directDeps,
  functionUrl,
  post,
  siteGrant,
  textOf,
} from "../../../tests/support/site-editor.ts";
import { testStore } from "../../../tests/support/stores.ts";
import type { SqliteStore } from "../database/sqlite-store.ts";
import { handleEditorHome, handlePublish, type SiteEditorDeps } from "./site-editor-routes.ts";

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A build hook that answers each POST with the next status (200 once they run out). */
async function hookServer(statuses: number[]) {
  const posts: string[] = [];
  const server = createServer((request, response) => {
    posts.push(`${request.method} ${request.url}`);
    response.statusCode = statuses[posts.length - 1] ?? 200;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/secret-build-key`, posts };
}

function store(): SqliteStore {
  const opened = testStore();
  closing.push(() => opened.close());
  return opened;
}

async function publishPhone(deps: SiteEditorDeps, phone: string) {
  const grant = await siteGrant();
  const form = new URLSearchParams({
    "contact.phone": phone,
    "business.offerPhone": "(484) 555-0187",
    "contact.email": "hello@example.com",
    "contact.responseTime": "24 hours",
  });
  const request = new Request(`${functionUrl}/site/contact?token=${grant.token}`, post(form));
  const published = await handlePublish(request, "contact", grant, deps);
  expect(published.status).toBe(303);
  const home = new URL(published.headers.get("location") ?? "", `${functionUrl}/site/contact`);
  return {
    home,
    text: textOf(await (await handleEditorHome(new Request(home), grant, deps)).text()),
  };
}

describe("an unchanged Publish and the static host's build hook", () => {
  it("does not call the hook again while its last call for the live version succeeded", async () => {
    const hook = await hookServer([]);
    const deps = directDeps(store(), { deployHookUrl: hook.url });
    await publishPhone(deps, "(484) 555-0111");
    expect(hook.posts).toHaveLength(1);
    for (let index = 0; index < 20; index += 1) {
      const { home, text } = await publishPhone(deps, "(484) 555-0111");
      expect(home.searchParams.get("done")).toBe("same");
      if (index === 0) expect(text).toContain("Nothing changed, so nothing was published.");
    }
    expect(hook.posts).toHaveLength(1);
  });

  it("calls it again after a failure, says so, and stops once it succeeded", async () => {
    const hook = await hookServer([500, 500]);
    const deps = directDeps(store(), { deployHookUrl: hook.url, waitMs: 20 });
    const published = await publishPhone(deps, "(484) 555-0112");
    expect(hook.posts).toHaveLength(2);
    expect(published.text).toContain("could not be asked to build its pages: it answered 500");
    const again = await publishPhone(deps, "(484) 555-0112");
    expect(again.home.searchParams.get("done")).toBe("retold");
    expect(hook.posts).toHaveLength(3);
    expect(again.text).toContain(
      "Nothing changed, so nothing new was published. Your host (127.0.0.1:",
    );
    expect(again.text).toContain("was asked again to build your site's pages");
    await publishPhone(deps, "(484) 555-0112");
    expect(hook.posts).toHaveLength(3);
  });

  it("is one fact for every server on one store: another server's unchanged Publish calls nothing", async () => {
    const hook = await hookServer([]);
    const shared = store();
    await publishPhone(directDeps(shared, { deployHookUrl: hook.url }), "(484) 555-0113");
    await publishPhone(directDeps(shared, { deployHookUrl: hook.url }), "(484) 555-0113");
    expect(hook.posts).toHaveLength(1);
  });

  it("says on the home what the host was asked and when, in words", async () => {
    const hook = await hookServer([]);
    const deps = directDeps(store(), { deployHookUrl: hook.url });
    const { text } = await publishPhone(deps, "(484) 555-0114");
    expect(text).toContain("Published. Not yet on your site: your host (127.0.0.1:");
    expect(text).toMatch(
      /Your host \(127\.0\.0\.1:\d+\) was asked to build your site's pages with it on \w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M/,
    );
    expect(text).not.toMatch(/secret-build-key|server|[Vv]ersion \d/);
  });
});
