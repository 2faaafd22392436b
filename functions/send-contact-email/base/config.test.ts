import { describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { deploymentDefaults } from "../../../shared/deployment-defaults.ts";
import { ConfigError, contactDefaults, parseContactConfig } from "./config.ts";

describe("contact configuration", () => {
  it("has working defaults for a fresh clone", () => {
    const config = parseContactConfig({});
    const { business } = repositoryFacts();
    expect(config.publicKeys).toEqual([deploymentDefaults.publicKey]);
    expect(config.allowedOrigins).toEqual([new URL(deploymentDefaults.siteUrl).origin]);
    expect(config.mailTo).toEqual([business.email]);
    expect(config.mailFrom).toBe(`${business.name} Website <${business.email}>`);
    expect(config.rateLimit).toMatchObject({
      disabled: false,
      max: contactDefaults.rateLimitMax,
      windowMs: contactDefaults.rateLimitWindowMs,
    });
    expect(config.trustProxy).toBe(0);
    expect(config.drainSecret).toBeNull();
  });

  it("reads every variable", () => {
    const config = parseContactConfig({
      CONTACT_PUBLIC_KEY: "key-a, key-b",
      ALLOWED_ORIGINS: "https://www.example.org/, http://localhost:5173",
      MAIL_TO: "owner@example.org,office@example.org",
      MAIL_FROM: "Site <site@example.org>",
      RATE_LIMIT_MAX: "20",
      RATE_LIMIT_WINDOW_MS: "60000",
      RATE_LIMIT_DISABLED: "true",
      DEDUPE_WINDOW_MS: "0",
      TRUST_PROXY: "true",
      OUTBOX_RETRY_BASE_MS: "100",
      OUTBOX_RETRY_MAX_MS: "1000",
      OUTBOX_DRAIN_SECRET: " drain-secret-of-at-least-32-characters ",
    });
    expect(config).toMatchObject({
      publicKeys: ["key-a", "key-b"],
      allowedOrigins: ["https://www.example.org", "http://localhost:5173"],
      mailTo: ["owner@example.org", "office@example.org"],
      mailFrom: "Site <site@example.org>",
      rateLimit: { disabled: true, max: 20, windowMs: 60_000 },
      drainSecret: "drain-secret-of-at-least-32-characters",
      dedupeWindowMs: 0,
      trustProxy: 1,
      outbox: { retryBaseMs: 100, retryMaxMs: 1000 },
    });
  });

  it("derives the allowed origin from the site URL", () => {
    expect(
      parseContactConfig({ VITE_SITE_URL: "https://clean.example.net/x" }).allowedOrigins,
    ).toEqual(["https://clean.example.net"]);
  });

  it("keeps the site URL's origin for sending browsers back, and allows the function's own origin on Supabase", () => {
    const config = parseContactConfig({
      SITE_URL: "https://clean.example.net/contact",
      ALLOWED_ORIGINS: "https://www.clean.example.net",
      SUPABASE_URL: "https://abcd.supabase.co/",
    });
    expect(config.siteUrl).toBe("https://clean.example.net");
    expect(config.allowedOrigins).toEqual([
      "https://www.clean.example.net",
      "https://abcd.supabase.co",
    ]);
  });

  it.each([
    ["RATE_LIMIT_MAX", "lots"],
    ["RATE_LIMIT_MAX", "0"],
    ["RATE_LIMIT_DISABLED", "maybe"],
    ["ALLOWED_ORIGINS", "ftp://example.org"],
    ["MAIL_TO", "not-an-address"],
    ["MAIL_TO", "Owner <owner@example.org>"],
    ["MAIL_FROM", "site@example.org\r\nBcc: x@example.net"],
    ["TRUST_PROXY", "-1"],
  ])("refuses %s=%j with a message naming it", (name, value) => {
    expect(() => parseContactConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseContactConfig({ [name]: value })).toThrow(name);
  });

  it("takes a static host's build hook over https, or over http on this machine only", () => {
    expect(parseContactConfig({}).deployHookUrl).toBeNull();
    const hook = "https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78";
    expect(parseContactConfig({ DEPLOY_HOOK_URL: ` ${hook} ` }).deployHookUrl).toBe(hook);
    expect(
      parseContactConfig({ DEPLOY_HOOK_URL: "http://127.0.0.1:8787/hook" }).deployHookUrl,
    ).toBe("http://127.0.0.1:8787/hook");
    expect(parseContactConfig({ DEPLOY_HOOK_URL: "http://localhost/hook" }).deployHookUrl).toBe(
      "http://localhost/hook",
    );
  });

  it.each([
    "http://api.netlify.com/build_hooks/secret-hook-id",
    "ftp://127.0.0.1/secret-hook-id",
    "api.netlify.com/build_hooks/secret-hook-id",
  ])("refuses DEPLOY_HOOK_URL=%j without repeating its secret path", (value) => {
    const refused = (() => {
      try {
        parseContactConfig({ DEPLOY_HOOK_URL: value });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String(refused)).toContain("DEPLOY_HOOK_URL");
    expect(String(refused)).not.toContain("secret-hook-id");
  });
});
