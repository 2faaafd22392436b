/**
 * With no SMTP_URL, e-mails are written as .eml files (open them with any mail program) under
 * DATA_DIR/outbox/, so a fresh clone works without a mail server and nothing is lost meanwhile.
 * The file name is built from our own request id and the time: no visitor text reaches a path.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";
import { toNodemailerMessage } from "./nodemailer-message.ts";

export function createFileMailer(directory: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });

  return {
    async send(email) {
      const info = await transport.sendMail(toNodemailerMessage(email));
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeId = email.requestId.replace(/[^A-Za-z0-9-]/g, "_");
      const path = join(directory, `${stamp}-${safeId}.eml`);
      const partial = `${path}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, path);
      return `file:${relative(process.cwd(), path) || path}`;
    },
    async close() {
      transport.close();
    },
  };
}
