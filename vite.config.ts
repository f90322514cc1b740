import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// PERSIST_DIR lets the browser tests serve the same build from a throwaway database.
const persistDir = process.env.PERSIST_DIR;

// Different for every build: the Worker's page cache keys on it, so a deploy never
// serves HTML rendered by an older build (workers/page-cache.ts, docs/decisions/071).
const buildVersion = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, persistState: persistDir ? { path: persistDir } : true }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  // Found before the first page needs them, so `npm run dev` never reloads a page the
  // first time a form or the sign-in is opened while Vite optimises these.
  optimizeDeps: { include: ["@conform-to/react", "@conform-to/zod/v4", "zod", "@simplewebauthn/browser", "partysocket/react"] },
  define: { __BUILD_VERSION__: JSON.stringify(buildVersion) },
  preview: { port: 8787, strictPort: true },
  server: { port: 8787 },
});
