import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// PERSIST_DIR lets the browser tests serve the same build from a throwaway database.
const persistDir = process.env.PERSIST_DIR;

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, persistState: persistDir ? { path: persistDir } : true }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  preview: { port: 8787, strictPort: true },
  server: { port: 8787 },
});
