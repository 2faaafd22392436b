import { beforeEach, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { routed } from "../../../tests/support/routed.ts";
import { storeSample } from "../../../tests/support/samples.ts";
import { brokenStore, testStore } from "../../../tests/support/stores.ts";
import { createLinkSigners, parseLinkSettings } from "../links/links-settings.ts";
import { handleOwnerPage, type OwnerPageDeps, ownerPageLinks } from "./request-routes.ts";

const now = new Date("2026-11-24T12:00:00Z");
const signers = createLinkSigners(parseLinkSettings({}, "a-test-secret-of-enough-length"));
/** The owner's e-mail link: it acts. */
const signer = signers.owner;
const base = "http://127.0.0.1:3000/functions/v1/send-contact-email/lead";

async function setup() {
  const store = testStore();
  const ids: string[] = [];
  for (const name of ["Dana Visitor", "Other Person"])
    ids.push(await storeSample(store, now, { name }));
  return { store, id: ids[0] as string, otherId: ids[1] as string };
}

let ctx: Awaited<ReturnType<typeof setup>>;
beforeEach(async () => {
  ctx = await setup();
});

const deps = (): OwnerPageDeps => ({
  store: ctx.store,
  businessName: "Keystone",
  wordsOf: async () => repositoryFacts(),
  now: () => now,
});
/** The page's routes as routes.ts has them: the router checks the link first. */
const serve = (pageDeps = deps) =>
  routed(
    [
      {
        method: "GET HEAD",
        path: "/lead/:id",
        answers: "page",
        link: ownerPageLinks.read,
        handle: (request, { grant }) => handleOwnerPage(request, grant, pageDeps()),
      },
      {
        method: "POST",
        path: "/lead/:id",
        answers: "page",
        link: ownerPageLinks.act,
        handle: (request, { grant }) => handleOwnerPage(request, grant, pageDeps()),
      },
    ],
    signers,
    () => now,
  );
const get = (id: string, token: string) =>
  serve()(new Request(`${base}/${id}?token=${encodeURIComponent(token)}`));
const post = (id: string, body: string, type = "application/x-www-form-urlencoded") =>
  serve()(
    new Request(`${base}/${id}`, { method: "POST", headers: { "content-type": type }, body }),
  );

/** A POST to the page's own link, as its buttons send it: the token in the query. */
const postToLink = (id: string, token: string, body: string) =>
  serve()(
    new Request(`${base}/${id}?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
  );

/**
 * A chunked body of `totalBytes` (no Content-Length), made only as it is read: how much of it
 * the handler pulled is `pulled()`.
 */
function endlessBody(totalBytes: number) {
  const chunk = new TextEncoder().encode("status=won&pad=".padEnd(64 * 1024, "x"));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= totalBytes) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    // Nothing is made before someone reads.
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

const postStream = (id: string, query: string, body: ReadableStream<Uint8Array>) =>
  serve()(
    new Request(`${base}/${id}${query}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit),
  );

describe("owner page routes", () => {
  it("GET with the request's token shows it, private, and changes nothing", async () => {
    const response = await get(ctx.id, await signer.sign(ctx.id, now));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("Dana Visitor");
    expect((await ctx.store.get(ctx.id))?.status).toBe("new");
  });

  it("GET with a missing, altered, expired or another request's token: 403, nothing shown", async () => {
    const good = await signer.sign(ctx.id, now);
    const expired = await signer.sign(ctx.id, new Date(now.getTime() - 31 * 86_400_000));
    const swapped = await signer.sign(ctx.otherId, now);
    for (const token of [
      "",
      `${good}x`,
      good.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      expired,
      swapped,
    ]) {
      const response = await get(ctx.id, token);
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).not.toContain("Dana");
      expect(html).not.toContain("Other Person");
      expect(html).not.toContain(ctx.id);
    }
  });

  it("POST with the token sets the status and sends the owner back to the page", async () => {
    const token = await signer.sign(ctx.id, now);
    const response = await post(ctx.id, new URLSearchParams({ token, status: "won" }).toString());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `${ctx.id}?token=${encodeURIComponent(token)}&saved=1`,
    );
    expect(await ctx.store.get(ctx.id)).toMatchObject({
      status: "won",
      contactedAt: now.toISOString(),
    });
    const after = await get(ctx.id, token);
    expect(await after.text()).toContain('Status: <span class="status">Won</span>');
  });

  it("POST refuses a bad token (403), an unknown status (400) and JSON (403); status unchanged", async () => {
    const swapped = await signer.sign(ctx.otherId, now);
    expect(
      (await post(ctx.id, new URLSearchParams({ token: swapped, status: "won" }).toString()))
        .status,
    ).toBe(403);
    const token = await signer.sign(ctx.id, now);
    expect(
      (await post(ctx.id, new URLSearchParams({ token, status: "new" }).toString())).status,
    ).toBe(400);
    expect(
      (await post(ctx.id, JSON.stringify({ token, status: "won" }), "application/json")).status,
    ).toBe(403);
    expect(
      (
        await post(
          ctx.id,
          new URLSearchParams({ token, status: "won", pad: "x".repeat(3000) }).toString(),
        )
      ).status,
    ).toBe(403);
    expect((await ctx.store.get(ctx.id))?.status).toBe("new");
  });

  it("a push's read-only link shows the request without buttons, and cannot set a status", async () => {
    const read = await signers["owner-read"].sign(ctx.id, now);
    const response = await get(ctx.id, read);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Dana Visitor");
    expect(html).not.toContain("<button");
    for (const attempt of [
      () => post(ctx.id, new URLSearchParams({ token: read, status: "spam" }).toString()),
      () => postToLink(ctx.id, read, "status=spam"),
    ])
      expect((await attempt()).status).toBe(403);
    expect((await ctx.store.get(ctx.id))?.status).toBe("new");
    // The e-mail's link shows the buttons.
    expect(await (await get(ctx.id, await signer.sign(ctx.id, now))).text()).toContain("<button");
  });

  it("no other kind of link opens it (the visitor's, the inbox's)", async () => {
    for (const scope of ["visitor", "inbox", "calendar"] as const) {
      const response = await get(ctx.id, await signers[scope].sign(ctx.id, now));
      expect(response.status, scope).toBe(403);
    }
  });

  it("POST to the page's own link (its token in the query) sets the status", async () => {
    const response = await postToLink(ctx.id, await signer.sign(ctx.id, now), "status=lost");
    expect(response.status).toBe(303);
    expect((await ctx.store.get(ctx.id))?.status).toBe("lost");
  });

  it("POST with a bad token in the link: 403 without reading the body", async () => {
    const endless = endlessBody(400 * 1024 * 1024);
    const swapped = await signer.sign(ctx.otherId, now);
    const response = await postStream(ctx.id, `?token=${swapped}`, endless.body);
    expect(response.status).toBe(403);
    expect(endless.pulled()).toBe(0);
  });

  it("POST with a chunked body of any size reads at most the form's limit", async () => {
    const endless = endlessBody(400 * 1024 * 1024);
    const response = await postStream(ctx.id, "", endless.body);
    expect(response.status).toBe(403);
    // One chunk of the stream, not the 400 MB behind it (Deno's memory grew by 820 MB).
    expect(endless.pulled()).toBeLessThanOrEqual(64 * 1024);
    expect((await ctx.store.get(ctx.id))?.status).toBe("new");
  });

  it("a valid token for a request that is gone: 404; a store that fails: 503", async () => {
    const ghost = crypto.randomUUID();
    expect((await get(ghost, await signer.sign(ghost, now))).status).toBe(404);
    const broken = await brokenStore();
    const response = await serve(() => ({ ...deps(), store: broken }))(
      new Request(`${base}/${ctx.id}?token=${await signer.sign(ctx.id, now)}`),
    );
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain("database is not open");
  });
});
