/**
 * `npm start`: the whole site on one machine. Serves the prerendered pages of build/client
 * (building them first if there are none) and the contact function at its Supabase path.
 * Settings come from the environment or a .env file (see .env.example). A published content
 * version is served from pages made again by the server (site-render/, docs/publishing.md).
 */
import { dirname } from "node:path";
import {
  ConfigError,
  errorMessage,
  consoleLogger as log,
} from "../functions/send-contact-email/index.ts";
import { buildSite, hasBuild } from "./build-site.ts";
import { createContactService } from "./contact-service.ts";
import { DataFolderBusyError } from "./data-lock.ts";
import { loadEnvFile } from "./env-file.ts";
import { viewedPage } from "./page-views.ts";
import type { PictureReader } from "./pictures/write-pictures.ts";
import { readServerSettings } from "./settings.ts";
import { createSiteSwitcher } from "./site-render/site-switcher.ts";
import { onShutdownSignal, startSiteServer } from "./site-server.ts";
import { serveStatic } from "./static-handler.ts";
import { loadStaticSite } from "./static-site.ts";

async function main() {
  const envFile = loadEnvFile();
  if (envFile) log.info("settings read from .env", { file: envFile });
  const settings = readServerSettings(process.env, { keepLinkSecret: true });

  if (!hasBuild(settings.staticDir)) {
    if (!settings.staticDirIsDefault)
      throw new ConfigError(
        `STATIC_DIR has no _headers.json (a site built by npm run build): ${settings.staticDir}`,
      );
    await buildSite(log);
  }
  const site = loadStaticSite(settings.staticDir);
  log.info("site loaded", {
    folder: settings.staticDir,
    files: site.files.size,
    countsViews: settings.countViews,
  });
  // Pages of other content versions are made from the build that holds the pages served now;
  // their pictures come from the contact function's store, made just below.
  let pictureStore: () => PictureReader | null = () => null;
  const sites = createSiteSwitcher({
    dataDir: settings.dataDir,
    buildDir: dirname(settings.staticDir),
    staticDir: settings.staticDir,
    site,
    log,
    pictures: () => pictureStore(),
  });

  // In this order: the data folder's lock (a second server stops here, touching nothing), the
  // port (a busy port stops us before any e-mail goes out), then the store and the outbox.
  const contact = createContactService(settings, log, {
    build: sites.build,
    preview: sites.preview,
  });
  pictureStore = () => contact.store;
  await contact.lock();
  let server: Awaited<ReturnType<typeof startSiteServer>>;
  try {
    server = await startSiteServer({
      port: settings.port,
      host: settings.host,
      contact,
      trustProxy: settings.contact.trustProxy,
      fallback: (request, response, baseHeaders) => {
        // One read per request: a switch made while it is answered does not reach it.
        const served = serveStatic(request, response, sites.current().site, baseHeaders);
        // SITE_COUNTS=on: the view is counted here, from the page request itself, so that the
        // page calls nothing at load (page-views.ts).
        const page = settings.countViews ? viewedPage(request, served) : null;
        if (page) contact.countView(page);
      },
      log,
    });
  } catch (error) {
    await contact.close();
    throw error;
  }
  // From the moment the port is bound, a stop signal is a graceful stop.
  onShutdownSignal(async () => {
    await server.close();
    await contact.close();
    log.info("stopped");
  }, log);
  contact.listeningAt(server);
  // The first attempt to open the store (Postgres applies its migrations here) comes before the
  // "listening" line, which tests and supervisors take as ready; when it fails, the pages are
  // served, quote requests are answered 503, and it is retried in the background.
  await contact.open();
  log.info(`listening on ${server.url}`, { host: settings.host });
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    log.error(`configuration: ${error.message}`);
  } else if (error instanceof DataFolderBusyError) {
    log.error(`not started: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    log.error(`not started: the port is already in use (${errorMessage(error)}); set PORT`);
  } else {
    log.error("could not start", {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
  process.exit(1);
});
