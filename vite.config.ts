import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import type { IncomingMessage, ServerResponse } from "node:http";
import { defineConfig, type Plugin } from "vite";
import { banner } from "./scripts/local-db.mjs";

// PERSIST_DIR lets the browser tests serve the same build from a throwaway database.
const persistDir = process.env.PERSIST_DIR;

// Different for every build: the Worker's page cache keys on it, so a deploy never
// serves HTML rendered by an older build (workers/page-cache.ts, docs/decisions/071).
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

// The Worker's DevTools port. `npm run dev` takes the first free one from 9229. The
// built Worker's servers (npm start, the tests, the build's page step, the bench) open
// none unless INSPECTOR_PORT asks (for a CPU profile, docs/BENCHMARKS.md): two of
// them starting at once raced for 9229, and the loser never served (EADDRINUSE).
const previewInspectorPort = Number(process.env.INSPECTOR_PORT) || false;

export default defineConfig(({ isPreview }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistDir ? { path: persistDir } : true,
      inspectorPort: isPreview ? previewInspectorPort : undefined,
    }),
    reactRouter(),
    devBanner(),
    reloadContentPages(),
    logProxyFailures(),
  ],
  resolve: { tsconfigPaths: true },
  // Found before the first page needs them, so `npm run dev` never reloads a page the
  // first time a form or the sign-in is opened while Vite optimises these.
  optimizeDeps: { include: ["@conform-to/react", "@conform-to/zod/v4", "zod", "@simplewebauthn/browser", "partysocket/react"] },
  define: { __BUILD_VERSION__: JSON.stringify(buildVersion) },
  environments: { ssr: { build: { minify: true } } },
  preview: { port, strictPort: true },
  server: { port },
}));
