/**
 * `npm run dev`: Vite's dev server (hot reload, this project's vite.config.ts) in middleware mode,
 * with the contact function at its real path on the same origin, so the form works while
 * developing exactly as on `npm start`. Port 5173 unless PORT says otherwise.
 */
import { join } from "node:path";
import { createRequestListener } from "@react-router/node";
import { type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createServer as createViteServer } from "vite";
import { ConfigError, consoleLogger as log } from "../functions/send-contact-email/index.ts";
import { createContactService } from "./contact-service.ts";
import { loadEnvFile } from "./env-file.ts";
import { projectRoot, readServerSettings } from "./settings.ts";
import { onShutdownSignal, startSiteServer } from "./site-server.ts";

async function main() {
  loadEnvFile();
  const settings = readServerSettings(process.env, { defaultPort: 5173, keepLinkSecret: true });
  const contact = createContactService(settings, log);
  await contact.lock();

  let vite: ViteDevServer | undefined;
  // In middleware mode React Router's plugin leaves page rendering to the host (this file).
  const serverBuild = () =>
    vite?.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const renderPage = createRequestListener({
    build: serverBuild,
    mode: "development",
    // The pages show the version live here, handed to them as the server's render hands it
    // (server/site-render/render-pages.ts), under the key the build's entry exports.
    getLoadContext: async () => {
      const { entry } = await serverBuild();
      const key = (entry.module as { pageContent?: RouterContext<unknown> }).pageContent;
      return new RouterContextProvider(key ? new Map([[key, contact.liveDocument()]]) : undefined);
    },
  });
  const server = await startSiteServer({
    port: settings.port,
    host: settings.host,
    contact,
    trustProxy: settings.contact.trustProxy,
    fallback: (request, response) => {
      if (!vite) {
        response.writeHead(503, { "Retry-After": "1", "Content-Type": "text/plain" });
        response.end("Starting…\n");
        return;
      }
      const dev = vite;
      // Vite's own middlewares (modules, HMR, assets) first, then React Router renders the page.
      dev.middlewares(request, response, () => {
        renderPage(request, response);
      });
    },
    log,
  });
  // React Router's plugin starts a helper Vite server that exits the process on SIGTERM; drop
  // that listener so our shutdown (requests in flight, outbox, database) runs to the end.
  const ownListeners = new Set(process.listeners("SIGTERM"));
  vite = await createViteServer({
    root: projectRoot,
    configFile: join(projectRoot, "vite.config.ts"),
    appType: "custom",
    server: { middlewareMode: true, hmr: { server: server.server } },
  });
  for (const listener of process.listeners("SIGTERM")) {
    if (!ownListeners.has(listener)) process.off("SIGTERM", listener);
  }
  contact.listeningAt(server);
  // As in start.ts: the store opens before the "listening" line, which tests take as ready (a
  // quote sent in between was answered 503).
  await contact.open();
  log.info(`dev server listening on ${server.url}`);

  onShutdownSignal(async () => {
    await vite?.close();
    await server.close(2000);
    await contact.close();
  }, log);
}

main().catch((error) => {
  log.error(
    error instanceof ConfigError
      ? `configuration: ${error.message}`
      : String(error?.stack ?? error),
  );
  process.exit(1);
});
