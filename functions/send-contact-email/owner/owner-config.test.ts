import { describe, expect, it } from "vitest";
import { leadPageUrl } from "../links/page-urls.ts";
import { parseOwnerConfig } from "./owner-config.ts";

const dev = {
  production: false,
  defaultFunctionUrl: "https://www.example.com/functions/v1/send-contact-email",
};
const prod = { ...dev, production: true };
const secret = "0123456789abcdef0123456789abcdef";

describe("owner settings", () => {
  it("in production, a missing secret stops the start with a clear message", () => {
    expect(() => parseOwnerConfig({}, prod)).toThrow(
      /OWNER_LINK_SECRET is not set.*openssl rand -hex 32/,
    );
    expect(parseOwnerConfig({ OWNER_LINK_SECRET: secret }, prod)).toMatchObject({
      linkSecret: secret,
      linkSecretGenerated: false,
    });
  });

  it("in development, generates a secret for this process", () => {
    const config = parseOwnerConfig({}, dev);
    expect(config.linkSecretGenerated).toBe(true);
    expect(config.linkSecret).toHaveLength(43);
    expect(parseOwnerConfig({}, dev).linkSecret).not.toBe(config.linkSecret);
  });

  it("refuses a short secret even in development", () => {
    expect(() => parseOwnerConfig({ OWNER_LINK_SECRET: "short" }, dev)).toThrow(/at least 32/);
  });

  it("has the documented defaults", () => {
    const config = parseOwnerConfig({}, dev);
    expect(config.linkTtlMs).toBe(30 * 86_400_000);
    expect(config.functionUrl).toBe(dev.defaultFunctionUrl);
    expect(config.push).toBeNull();
    expect(config.clock).toEqual({
      reminderAfterHours: 20,
      digestTime: "08:00",
      weeklyReportTime: "07:00",
      timeZone: "America/New_York",
    });
  });

  it("reads the push channel, reminders and digest", () => {
    const config = parseOwnerConfig(
      {
        ALERT_URL: "https://ntfy.sh/keystone-leads-7f3a",
        ALERT_FORMAT: "Slack",
        REMINDER_AFTER_HOURS: "4",
        DIGEST_TIME: "off",
        WEEKLY_REPORT_TIME: "8:30",
        DIGEST_TIME_ZONE: "America/Chicago",
        FUNCTION_URL: "http://127.0.0.1:3000/functions/v1/send-contact-email/",
        OWNER_LINK_TTL_DAYS: "7",
      },
      dev,
    );
    expect(config.push).toEqual({ url: "https://ntfy.sh/keystone-leads-7f3a", format: "slack" });
    expect(config.clock).toEqual({
      reminderAfterHours: 4,
      digestTime: null,
      weeklyReportTime: "08:30",
      timeZone: "America/Chicago",
    });
    expect(config.functionUrl).toBe("http://127.0.0.1:3000/functions/v1/send-contact-email");
    expect(config.linkTtlMs).toBe(7 * 86_400_000);
  });

  it("names the variable of a bad value", () => {
    expect(() => parseOwnerConfig({ ALERT_FORMAT: "teams" }, dev)).toThrow(/ALERT_FORMAT/);
    expect(() => parseOwnerConfig({ ALERT_URL: "ftp://x" }, dev)).toThrow(/ALERT_URL/);
    expect(() => parseOwnerConfig({ DIGEST_TIME: "8am" }, dev)).toThrow(/DIGEST_TIME/);
    expect(() => parseOwnerConfig({ WEEKLY_REPORT_TIME: "Monday" }, dev)).toThrow(
      /WEEKLY_REPORT_TIME/,
    );
    expect(() => parseOwnerConfig({ DIGEST_TIME_ZONE: "Mars/Base" }, dev)).toThrow(
      /DIGEST_TIME_ZONE/,
    );
    expect(() => parseOwnerConfig({ REMINDER_AFTER_HOURS: "-1" }, dev)).toThrow(
      /REMINDER_AFTER_HOURS/,
    );
    expect(() => parseOwnerConfig({ FUNCTION_URL: "nope" }, dev)).toThrow(/FUNCTION_URL/);
  });

  it("never repeats ALERT_URL in a message: a webhook's URL is its secret", () => {
    const bad = "hooks.slack.example/services/T0001/B0002/WEBHOOK-SECRET";
    expect(() => parseOwnerConfig({ ALERT_URL: bad }, dev)).toThrow(/ALERT_URL/);
    expect(() => parseOwnerConfig({ ALERT_URL: bad }, dev)).not.toThrow(/WEBHOOK-SECRET/);
  });

  it("requires the secret where a reason says so, naming it", () => {
    expect(() =>
      parseOwnerConfig({}, { ...dev, secretRequiredBecause: "several servers share it" }),
    ).toThrow(/OWNER_LINK_SECRET is not set \(several servers share it\)/);
  });

  it("without a configured secret, uses the one the host keeps, and says where", () => {
    const kept = { secret: "k".repeat(43), path: "/srv/data/owner-link-secret" };
    const config = parseOwnerConfig({}, { ...dev, keptSecret: () => kept });
    expect(config).toMatchObject({
      linkSecret: kept.secret,
      linkSecretGenerated: false,
      linkSecretKeptIn: kept.path,
    });
    expect(config.links.owner.secret).toBe(kept.secret);
    // A configured secret wins; a host that cannot keep one: this process's own.
    expect(
      parseOwnerConfig({ OWNER_LINK_SECRET: secret }, { ...dev, keptSecret: () => kept }),
    ).toMatchObject({ linkSecret: secret, linkSecretKeptIn: null });
    expect(parseOwnerConfig({}, { ...dev, keptSecret: () => null })).toMatchObject({
      linkSecretGenerated: true,
      linkSecretKeptIn: null,
    });
  });

  it("builds the request page link", () => {
    expect(leadPageUrl("https://x.example/f", "abc-1", "123.a_b")).toBe(
      "https://x.example/f/lead/abc-1?token=123.a_b",
    );
  });
});
