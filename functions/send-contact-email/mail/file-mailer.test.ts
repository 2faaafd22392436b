import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repositoryFacts } from "../../../shared/content/facts.ts";
import { parseMail } from "../../../tests/integration/support/mime.ts";
import { composeContactEmail } from "./email.ts";
import { createFileMailer } from "./file-mailer.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("file mailer (no SMTP_URL)", () => {
  it("writes a complete .eml file named after the request id, and says where", async () => {
    const folder = mkdtempSync(join(tmpdir(), "eml-"));
    folders.push(folder);
    const outbox = join(folder, "outbox");
    const email = composeContactEmail(
      {
        id: "7e0c2b52-aaaa-4bbb-8ccc-dddddddddddd",
        createdAt: new Date().toISOString(),
        name: "Jane Doe",
        email: "jane@example.org",
        phone: "(484) 555-0199",
        service: "office",
        otherService: "",
        message: "Weekly office clean, 3 floors.",
      },
      {
        from: "Site <site@example.com>",
        to: ["owner@example.com"],
        businessName: "Test",
        wordsOf: repositoryFacts,
      },
    );
    const mailer = createFileMailer(outbox);
    const where = await mailer.send(email);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-7e0c2b52-aaaa-4bbb-8ccc-dddddddddddd\.eml$/);
    expect(where).toContain(files[0]);
    const path = join(outbox, files[0] as string);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const mail = await parseMail(readFileSync(path, "utf8"));
    expect(mail.header("subject")).toBe("Quote request: Office Cleaning from Jane Doe");
    expect(mail.header("reply-to")).toBe("Jane Doe <jane@example.org>");
    expect(mail.text).toContain("Weekly office clean, 3 floors.");
    expect(mail.html).toContain("Weekly office clean, 3 floors.");
    await mailer.close();
  });
});
