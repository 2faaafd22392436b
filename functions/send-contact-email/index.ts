/**
 * The contact function's public face, for its hosts (server/ on Node, supabase/ on Deno): the
 * function itself, its settings, its Postgres store, its HTTP mailer and what a host puts around
 * the function (body limits, the client's address, a refusal page). Everything here runs on both
 * runtimes; what needs Node is in `node.ts`, the owner's command-line tools in `owner-tools.ts`.
 * Nothing outside this folder imports another of its modules (public-face.test.ts).
 */
export {
  ConfigError,
  type ContactConfig,
  contactDefaults,
  type Env,
  parseContactConfig,
} from "./base/config.ts";
export { leadStatuses } from "./base/lead-status.ts";
export {
  consoleLogger,
  errorMessage,
  type Logger,
  silentLogger,
} from "./base/log.ts";
export type { SiteStatus } from "./base/site-publishing.ts";
export {
  type ContactFunction,
  createContactFunction,
  type OpenedStore,
} from "./contact-function.ts";
export { openPostgresStore, type PostgresStore } from "./database/postgres-store.ts";
export type { FunctionStore } from "./function-store.ts";
export { clientAddress } from "./http/client-address.ts";
export { pageResponse, refusalPage } from "./http/private-page.ts";
export { maxBodyBytes } from "./http/request-body.ts";
export { inboxSubject, inboxSubjects } from "./inbox/inbox-routes.ts";
export { messagesForVisitors } from "./intake/contact-routes.ts";
export { createLinkSigners, parseLinkSettings } from "./links/links-settings.ts";
export { generateLinkSecret } from "./links/signed-links.ts";
export type { ContactEmail } from "./mail/email.ts";
export { createHttpMailer, resendEndpoint } from "./mail/http-mailer.ts";
export type { Mailer } from "./mail/mailer.ts";
export { type OwnerConfig, parseOwnerConfig } from "./owner/owner-config.ts";
export type { SiteHost } from "./site/content-follower.ts";
export { siteSubject } from "./site-editor/site-editor-routes.ts";
export {
  checkProcessed,
  PictureRefusal,
  type ProcessedPicture,
  type ProcessPicture,
  sizeProblem,
  sniffPicture,
} from "./site-pictures/picture-processing.ts";
export { uploadBodyLimit } from "./site-pictures/picture-routes.ts";
export type { PictureFile, PictureStore } from "./store/picture-store.ts";
export type { NewContactRequest, StoredContactRequest } from "./store/store.ts";
