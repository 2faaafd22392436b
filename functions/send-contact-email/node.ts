/**
 * What only a Node host has (server/ and the scripts): the SQLite store over the data folder,
 * mail by SMTP or into files, and the schema's migrations read from disk. The portable face is
 * `index.ts`.
 */
export { openSqliteStore, type SqliteStore } from "./database/sqlite-store.ts";
export { createFileMailer } from "./mail/file-mailer.ts";
export { createSmtpMailer, describeSmtpUrl } from "./mail/smtp-mailer.ts";
export {
  applyMigrations,
  postgresMigrationsDir,
  readMigrations,
  sqliteMigrationsDir,
} from "./store/migrations.ts";
