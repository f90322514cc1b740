import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import type { IncomingMessage, ServerResponse } from "node:http";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { parseMeasurementId } from "./app/config/analytics.ts";
import { store } from "./app/config/store.ts";
import { CONTENT_PAGE_PATHS } from "./app/core/content-pages.ts";
import { banner } from "./scripts/local-db.mjs";
import { staticHeadersFile } from "./workers/header-list.ts";
import { RULES_BODY, SPECULATION_RULES_PATH } from "./workers/speculation-rules.ts";

// PERSIST_DIR lets the browser tests serve the same build from a throwaway database.
const persistDir = process.env.PERSIST_DIR;

// Different for every build: the form pages' templates key on it, so a deploy never
// serves HTML rendered by an older build (workers/form-page-stamp.ts).
const buildVersion = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

// npm start and npm run dev take PORT, like npm run wrangler:dev; --port overrides it.
const port = Number(process.env.PORT) || 8787;

/**
 * npm run dev: the banner names the port Vite really listens on. Without
 * --strictPort Vite moves on when the port is taken (another project's server,
 * npm start), and a banner printed before it started named the wrong one.
 */
function devBanner(): Plugin {
  return {
    name: "bartlett:dev-banner",
    apply: "serve",
    configureServer(server) {
      server.httpServer?.once("listening", () => {
        const address = server.httpServer?.address();
        if (address && typeof address === "object") banner(`http://localhost:${address.port} (Vite dev server)`);
      });
    },
  };
}

/**
 * npm run dev: content pages ship no script (docs/decisions/070), so React Router's
 * hot reload never reaches them. When a module the Worker renders with changes
 * (routes, components, stylesheets), their dev-only script (app/assets/dev-reload.ts)
 * reloads the page. Pages with scripts do not load it: React Router updates them in place.
 */
function reloadContentPages(): Plugin {
  return {
    name: "bartlett:reload-content-pages",
    apply: "serve",
    hotUpdate({ modules, server }) {
      if (this.environment.name !== "client" && modules.length > 0) {
        server.ws.send({ type: "custom", event: "bartlett:server-changed" });
      }
    },
  };
}

/**
 * npm start, the tests and the bench (vite preview): when the local proxy cannot hand a request to
 * workerd, the visitor gets a 500 and the log only "TypeError: fetch failed". Why it failed (a
 * refused or reset connection, no free local port) is on the error's `cause`, which the log leaves
 * out; it is printed here, so the next such 500 in a bench log says why (issue 31).
 */
function logProxyFailures(): Plugin {
  return {
    name: "bartlett:log-proxy-failures",
    configurePreviewServer(server) {
      // Returned: added after the Cloudflare plugin's proxy, so its errors come here first.
      return () => {
        server.middlewares.use((error: unknown, request: IncomingMessage, _response: ServerResponse, next: (error?: unknown) => void) => {
          // One line a script can count (bench/lib/server.mjs), then the error with its cause in full.
          const cause = error instanceof Error && error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException) : undefined;
          console.error(`[local proxy] ${request.method} ${request.url} failed: ${cause ? (cause.code ?? cause.message) : "no cause given"}`);
          console.error(error);
          next(error);
        });
      };
    },
  };
}

/**
 * The build's static answers (docs/decisions/138): `_headers`, written from the Worker's own header list
 * (workers/header-list.ts) for the content pages React Router prerenders and every other file, and the
 * speculation rules file the pages point at, so a content page's view never starts the Worker.
 */
function staticAnswers(gaMeasurementId: string): Plugin {
  return {
    name: "bartlett:static-answers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle() {
      const headers = await staticHeadersFile({ contentPages: CONTENT_PAGE_PATHS, analytics: Boolean(gaMeasurementId), siteOrigin: store.siteOrigin });
      this.emitFile({ type: "asset", fileName: "_headers", source: headers });
      this.emitFile({ type: "asset", fileName: SPECULATION_RULES_PATH.slice(1), source: RULES_BODY });
      this.info(`analytics: ${gaMeasurementId || "none (GA_MEASUREMENT_ID is not set)"}`);
    },
  };
}

/**
 * The build's prerender asks the Worker for "/services/" (React Router writes services/index.html). The
 * Worker answers every slash spelling with a 301 to "/services" (canonical-path.ts), so during the build
 * only, the local server drops the slash before the Worker sees the request.
 */
function prerenderWithoutSlash(): Plugin {
  return {
    name: "bartlett:prerender-without-slash",
    // Ahead of the Cloudflare plugin's own middleware, which hands the request to the Worker.
    enforce: "pre",
    configurePreviewServer(server) {
      server.middlewares.use((request: IncomingMessage & { originalUrl?: string }, _response: ServerResponse, next: () => void) => {
        // Set by React Router's build for the preview server it prerenders with, and only then.
        if (process.env.IS_RR_BUILD_REQUEST === "yes" && request.url && /^\/[^?]+\/(\?|$)/.test(request.url)) {
          // The Cloudflare plugin hands the Worker the request's originalUrl.
          request.url = request.originalUrl = request.url.replace(/\/+(\?|$)/, "$1");
        }
        next();
      });
    },
  };
}

// The Worker's DevTools port. `npm run dev` takes the first free one from 9229. The
// built Worker's servers (npm start, the tests, the build's page step, the bench) open
// none unless INSPECTOR_PORT asks (for a CPU profile, docs/BENCHMARKS.md): two of
// them starting at once raced for 9229, and the loser never served (EADDRINUSE).
const previewInspectorPort = Number(process.env.INSPECTOR_PORT) || false;

export default defineConfig(({ isPreview, mode }) => {
  // A build-time setting: content pages are static files (docs/decisions/138). From the environment or `.env`.
  const gaMeasurementId = parseMeasurementId(loadEnv(mode, process.cwd(), "").GA_MEASUREMENT_ID);
  return {
    plugins: [
      prerenderWithoutSlash(),
      cloudflare({
        viteEnvironment: { name: "ssr" },
        persistState: persistDir ? { path: persistDir } : true,
        inspectorPort: isPreview ? previewInspectorPort : undefined,
      }),
      reactRouter(),
      devBanner(),
      reloadContentPages(),
      logProxyFailures(),
      staticAnswers(gaMeasurementId),
    ],
    resolve: { tsconfigPaths: true },
    // Found before the first page needs them, so `npm run dev` never reloads a page the
    // first time a form or the sign-in is opened while Vite optimises these.
    optimizeDeps: { include: ["@conform-to/react", "@conform-to/zod/v4", "zod", "@simplewebauthn/browser", "partysocket/react"] },
    define: { __BUILD_VERSION__: JSON.stringify(buildVersion), __GA_MEASUREMENT_ID__: JSON.stringify(gaMeasurementId) },
    environments: { ssr: { build: { minify: true } } },
    // The store's host too: the tests ask Static Assets for it, to see its HSTS rule (docs/decisions/138).
    preview: { port, strictPort: true, allowedHosts: [new URL(store.siteOrigin).hostname] },
    server: { port },
  };
});
