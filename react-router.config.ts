import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work (and the benchmark) build without clobbering build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
