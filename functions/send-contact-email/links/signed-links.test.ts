import { describe, expect, it } from "vitest";
import { checkLink } from "../http/link-check.ts";
import { createLinkSigners, parseLinkSettings } from "./links-settings.ts";
import { createLinkSigner, generateLinkSecret, linkScopes } from "./signed-links.ts";

const secret = "a-test-secret-of-enough-length";
const id = "6f1c2a9e-1111-4222-8333-944455556666";
const otherId = "0b7d1e2f-aaaa-4bbb-8ccc-dddddddddddd";
const now = new Date("2026-11-24T12:00:00Z");
const day = 86_400_000;

describe("a link token (the owner scope)", () => {
  it("verifies for its own request until it expires (30 days by default)", async () => {
    const signer = createLinkSigner(secret);
    const token = await signer.sign(id, now);
    expect(await signer.verify(id, token, now)).toBe(true);
    expect(await signer.verify(id, token, new Date(now.getTime() + 30 * day - 1000))).toBe(true);
    expect(await signer.verify(id, token, new Date(now.getTime() + 30 * day))).toBe(false);
  });

  it("refuses a token made for another request (swapped)", async () => {
    const signer = createLinkSigner(secret);
    const token = await signer.sign(otherId, now);
    expect(await signer.verify(id, token, now)).toBe(false);
  });

  it("refuses any altered character, in the expiry or the signature", async () => {
    const signer = createLinkSigner(secret);
    const token = await signer.sign(id, now);
    for (let index = 0; index < token.length; index += 1) {
      const original = token[index] as string;
      const replacement = original === "A" ? "B" : original === "9" ? "8" : "A";
      const altered = `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
      expect(await signer.verify(id, altered, now), `changed at ${index}`).toBe(false);
    }
    // The last character's unused low bits: the same bytes spelled differently is still altered.
    const last = token.at(-1) as string;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const value = alphabet.indexOf(last);
    const sameBytes = alphabet[value ^ 1] as string;
    expect(await signer.verify(id, `${token.slice(0, -1)}${sameBytes}`, now)).toBe(false);
    // A later expiry with the old signature: the classic way to extend a link.
    const [expiry, signature] = token.split(".");
    expect(await signer.verify(id, `${Number(expiry) + 86_400}.${signature}`, now)).toBe(false);
  });

  it("refuses a token replayed after its expiry, also when it once worked", async () => {
    const signer = createLinkSigner(secret, { ttlMs: 60_000 });
    const token = await signer.sign(id, now);
    expect(await signer.verify(id, token, new Date(now.getTime() + 59_000))).toBe(true);
    expect(await signer.verify(id, token, new Date(now.getTime() + 61_000))).toBe(false);
    expect(await signer.verify(id, token, new Date(now.getTime() + 365 * day))).toBe(false);
  });

  it("refuses tokens signed with another secret, and malformed ones", async () => {
    const token = await createLinkSigner("another-secret-of-enough-length").sign(id, now);
    const signer = createLinkSigner(secret);
    expect(await signer.verify(id, token, now)).toBe(false);
    for (const bad of ["", ".", "123", "abc.def", `${token}.x`, `-1.${token.split(".")[1]}`]) {
      expect(await signer.verify(id, bad, now)).toBe(false);
    }
  });

  it("refuses short secrets and generates long random ones", () => {
    expect(() => createLinkSigner("short")).toThrow(/16 characters/);
    const one = generateLinkSecret();
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateLinkSecret()).not.toBe(one);
  });
});

describe("scopes", () => {
  const settings = parseLinkSettings({}, secret);
  const signers = createLinkSigners(settings);

  it("never opens one scope with a token of another, even with the same secret", async () => {
    for (const made of linkScopes) {
      const token = await signers[made].sign(id, now);
      for (const asked of linkScopes) {
        expect(await signers[asked].verify(id, token, now), `${made} as ${asked}`).toBe(
          made === asked,
        );
      }
    }
  });

  it("keeps verifying owner links signed before scopes existed", async () => {
    const before = createLinkSigner(secret);
    expect(await signers.owner.verify(id, await before.sign(id, now), now)).toBe(true);
  });

  it("says which of several scopes a token was made for", async () => {
    const read = await signers["owner-read"].sign(id, now);
    const act = await signers.owner.sign(id, now);
    const visitor = await signers.visitor.sign(id, now);
    // The owner's page: its e-mail's link acts, a push's reads (the router's one check).
    const page = {
      accepts: () => (["owner", "owner-read"] as const).map((scope) => ({ scope, subject: id })),
      refused: async () => new Response(null, { status: 403 }),
    };
    const scopeOf = async (token: string) => {
      const checked = await checkLink(
        page,
        new Request(`https://x/?token=${token}`),
        {},
        signers,
        now,
      );
      return checked instanceof Response ? null : checked.scope;
    };
    expect(await scopeOf(act)).toBe("owner");
    expect(await scopeOf(read)).toBe("owner-read");
    expect(await scopeOf(visitor)).toBeNull();
  });

  it("gives each scope its lifetime: owner 30 days, visitor 60, inbox 90, calendar 10 years", () => {
    expect(settings.owner.ttlMs).toBe(30 * day);
    expect(settings["owner-read"].ttlMs).toBe(30 * day);
    expect(settings.visitor.ttlMs).toBe(60 * day);
    expect(settings.inbox.ttlMs).toBe(90 * day);
    expect(settings.calendar.ttlMs).toBe(3650 * day);
    // The editor publishes the site: its links are short-lived, a fresh one each time the inbox opens.
    expect(settings.site.ttlMs).toBe(1 * day);
    expect(parseLinkSettings({ SITE_LINK_TTL_DAYS: "7" }, secret).site.ttlMs).toBe(7 * day);
    expect(() => parseLinkSettings({ SITE_LINK_TTL_DAYS: "31" }, secret)).toThrow(
      /SITE_LINK_TTL_DAYS must be a number of days from 1 to 30/,
    );
    expect(parseLinkSettings({ VISITOR_LINK_TTL_DAYS: "14" }, secret).visitor.ttlMs).toBe(14 * day);
    expect(() => parseLinkSettings({ INBOX_LINK_TTL_DAYS: "0" }, secret)).toThrow(
      /INBOX_LINK_TTL_DAYS/,
    );
  });

  it("revokes one scope alone when it gets a secret of its own", async () => {
    const inboxToken = await signers.inbox.sign("inbox", now);
    const ownerToken = await signers.owner.sign(id, now);
    const rotated = createLinkSigners(
      parseLinkSettings({ INBOX_LINK_SECRET: "a-new-inbox-secret-of-32-characters!" }, secret),
    );
    expect(await rotated.inbox.verify("inbox", inboxToken, now)).toBe(false);
    expect(await rotated.owner.verify(id, ownerToken, now)).toBe(true);
    expect(() => parseLinkSettings({ CALENDAR_LINK_SECRET: "short" }, secret)).toThrow(
      /CALENDAR_LINK_SECRET must be at least 32/,
    );
  });
});

describe("keys per purpose from the one secret", () => {
  const root = "the-one-owner-secret-of-enough-length-0123";
  const now = new Date("2026-11-26T12:00:00Z");

  it("a derived scope's tokens are not the owner's secret's, and open only their scope", async () => {
    const calendar = createLinkSigner(root, { scope: "calendar", derived: true });
    const direct = createLinkSigner(root, { scope: "calendar" });
    const token = await calendar.sign("visits", now);
    expect(token).not.toBe(await direct.sign("visits", now));
    expect(await calendar.verify("visits", token, now)).toBe(true);
    // A signer holding only the secret's HMAC (not derived) does not accept it.
    expect(await direct.verify("visits", token, now)).toBe(false);
    const inbox = createLinkSigner(root, { scope: "inbox", derived: true });
    expect(await inbox.verify("visits", token, now)).toBe(false);
  });

  it("keeps links signed before keys were derived working until they expire", async () => {
    const before = await createLinkSigner(root, { scope: "visitor" }).sign("id-1", now);
    const visitor = createLinkSigner(root, { scope: "visitor", derived: true });
    expect(await visitor.verify("id-1", before, now)).toBe(true);
    expect(await visitor.verify("id-1", before, new Date(now.getTime() + 31 * 86_400_000))).toBe(
      false,
    );
  });

  it("a scope's own secret revokes its links alone: the others keep verifying", async () => {
    const env = { CALENDAR_LINK_SECRET: "a-calendar-secret-of-its-own-0123456789ab" };
    const before = createLinkSigners(parseLinkSettings({}, root));
    const after = createLinkSigners(parseLinkSettings(env, root));
    const feed = await before.calendar.sign("visits", now);
    const page = await before.owner.sign("id-1", now);
    const inbox = await before.inbox.sign("inbox", now);
    expect(await after.calendar.verify("visits", feed, now)).toBe(false);
    expect(await after.owner.verify("id-1", page, now)).toBe(true);
    expect(await after.inbox.verify("inbox", inbox, now)).toBe(true);
  });

  it("a new SITE_LINK_SECRET revokes the site editor's links alone", async () => {
    const before = createLinkSigners(parseLinkSettings({}, root));
    const after = createLinkSigners(
      parseLinkSettings({ SITE_LINK_SECRET: "a-site-editor-secret-of-its-own-0123456789" }, root),
    );
    const editor = await before.site.sign("site", now);
    const inbox = await before.inbox.sign("inbox", now);
    expect(await before.site.verify("site", editor, now)).toBe(true);
    expect(await after.site.verify("site", editor, now)).toBe(false);
    expect(await after.inbox.verify("inbox", inbox, now)).toBe(true);
  });
});
