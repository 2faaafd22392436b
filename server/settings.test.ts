import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../functions/send-contact-email/index.ts";
import { projectRoot, readServerSettings } from "./settings.ts";

describe("server settings", () => {
  it("defaults to 127.0.0.1:3000, ./data and this project's build", () => {
    const settings = readServerSettings({}, { cwd: "/srv/site" });
    expect(settings).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "/srv/site/data",
      staticDir: join(projectRoot, "build", "client"),
      staticDirIsDefault: true,
      smtpUrl: undefined,
      databaseUrl: undefined,
    });
  });

  it("reads PORT, HOST, DATA_DIR, STATIC_DIR, SMTP_URL and DATABASE_URL", () => {
    const settings = readServerSettings(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/lib/site",
        STATIC_DIR: "dist",
        SMTP_URL: "smtps://u:p@smtp.example.com:465",
        DATABASE_URL: "postgres://app:secret@db.internal:5432/website",
        OWNER_LINK_SECRET: "a-link-secret-shared-by-every-server-0123",
      },
      { cwd: "/srv/site" },
    );
    expect(settings).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/lib/site",
      staticDir: "/srv/site/dist",
      staticDirIsDefault: false,
      smtpUrl: "smtps://u:p@smtp.example.com:465",
      databaseUrl: "postgres://app:secret@db.internal:5432/website",
    });
  });

  it("with DATABASE_URL requires OWNER_LINK_SECRET: every server must sign links alike", () => {
    expect(() =>
      readServerSettings({ DATABASE_URL: "postgres://app:secret@db.internal:5432/website" }),
    ).toThrow(/OWNER_LINK_SECRET is not set \(with DATABASE_URL several servers/);
  });

  it("points the owner's links at the server itself while no public address is configured", () => {
    expect(readServerSettings({}).ownerLinksToServer).toBe(true);
    expect(
      readServerSettings({ VITE_SITE_URL: "https://www.keystone-shine.example" })
        .ownerLinksToServer,
    ).toBe(true);
    expect(
      readServerSettings({ VITE_SITE_URL: "https://www.keystoneshine.com" }).ownerLinksToServer,
    ).toBe(false);
    expect(
      readServerSettings({ FUNCTION_URL: "https://api.keystoneshine.com/functions/v1/x" })
        .ownerLinksToServer,
    ).toBe(false);
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["SMTP_URL", "smtp.example.com"],
    ["DATABASE_URL", "mysql://db.internal/website"],
  ])("refuses %s=%j", (name, value) => {
    expect(() => readServerSettings({ [name]: value })).toThrow(ConfigError);
  });
});

describe(".env.example", () => {
  it("parses, and its values are the defaults", () => {
    const env = parseEnv(readFileSync(join(projectRoot, ".env.example"), "utf8"));
    const fromExample = readServerSettings(env, { cwd: projectRoot });
    const defaults = readServerSettings({}, { cwd: projectRoot });
    // Without OWNER_LINK_SECRET each start makes its own random one: compare the rest.
    const withoutSecret = (settings: typeof defaults) => ({
      ...settings,
      owner: {
        ...settings.owner,
        linkSecret: "(generated)",
        links: Object.fromEntries(
          Object.entries(settings.owner.links).map(([scope, link]) => [
            scope,
            { ...link, secret: "(generated)" },
          ]),
        ),
      },
    });
    expect(withoutSecret(fromExample)).toEqual(withoutSecret(defaults));
    expect(fromExample.owner.linkSecretGenerated).toBe(true);
  });
});
